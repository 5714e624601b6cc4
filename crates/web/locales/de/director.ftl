# Der Desk der Turnierleitung.
director-clock = Die Uhr
director-left = noch { $time }
director-left-running = noch:
director-pause = Uhr anhalten
director-resume = Uhr weiterlaufen lassen
director-minute-more = Eine Minute mehr
director-minute-less = Eine Minute weniger
director-end-break = Pause beenden: Stufe { $level } beginnt
director-next-level = Zu Stufe { $level }
director-start = Der Start und die Platzauslosung
director-registered = { $count ->
    [one] Ein Spieler ist angemeldet und wird gesetzt.
   *[other] { $count } Spieler sind angemeldet und werden gesetzt.
}
director-draw-how = Entweder lost die Seite die Plätze zufällig aus (sie trägt die Platzkarten unten beim Start ein, eine je Spieler in Reihenfolge der Anmeldung), oder die Platzkarten werden eingetragen, wie die Spieler sie von Hand gezogen haben. Die Auslosung wird mit dem Start aufgezeichnet; danach lassen sich die Platzkarten drucken.
director-draw = Plätze zufällig auslosen
director-slips = Die Platzkarten der Auslosung drucken
director-levels = Kommende Stufen
director-levels-save = Kommende Stufen ändern
director-levels-none = Jede Stufe hat begonnen: keine ist mehr zu ändern.
director-col-level = Stufe
director-col-small = Small Blind
director-col-big = Big Blind
director-col-ante = Ante
director-col-minutes = Minuten
director-col-small-bet = Kleiner Einsatz
director-col-big-bet = Großer Einsatz
director-col-bring_in = Bring-in
director-field = Stufe { $level }: { $what }
director-prizes = Preise
director-place = { $place }.
director-paid = ausbezahlt
director-pay = Preis an { $name } auszahlen
director-all-paid = Jeder Preis ist ausbezahlt: der Abend ist abgeschlossen. Die Prüfung listet jede Auszahlung.
director-payout = Auszahlung
director-payout-pool = Preisgeld: { $pool }
director-payout-how = Der Anteil jedes Platzes am Preisgeld in Prozent, erster Platz zuerst, zusammen 100. Die letzte Zeile ausfüllen, um einen Platz mehr auszuzahlen; eine Zeile leeren, um ihren Platz nicht mehr auszuzahlen. Daneben die Preise beim jetzigen Preisgeld.
director-payout-most = Bezahlt werden können noch die Plätze bis { $places }: die Plätze danach sind entschieden.
director-payout-field = Platz { $place }: Prozent des Preisgelds
director-payout-save = Auszahlung festlegen
director-payout-none = Es ist keine Auszahlung veröffentlicht.
director-payout-locked = Die Auszahlung steht: Platz { $place }, den sie bezahlt, ist entschieden (NOB-16).
director-col-place = Platz
director-col-percent = Prozent
director-col-prize = Preis
director-signed = Das Protokoll ist bis zu seinem letzten Eintrag, { $seq }, signiert (Schlüssel { $key }): eine jetzt aufbewahrte Kopie zeigt jede spätere Änderung.
director-signed-behind = Das Protokoll ist bis Eintrag { $seq } von { $head } signiert (Schlüssel { $key }); der Rest wird mit der nächsten Hand, Pause oder Auszahlung signiert.
director-unsigned = Das Protokoll hat noch keinen signierten Prüfpunkt.
director-payout-total = Summe
director-payout-tables = Die Auszahlung des Profils richtet sich nach dem Feld:
director-payout-table = ab { $entries } Teilnehmern { $shares }
director-payout-standard = Die Standard-Auszahlung: etwa { $percent } % der Einstiege bezahlt, nach den Gewichten 1, 1/2, 1/3, …: jetzt { $places ->
        [one] ein Platz
       *[other] { $places } Plätze
    } bei { $entries } Einstiegen. Der Turnierleiter kann stattdessen eigene Prozente festlegen.
