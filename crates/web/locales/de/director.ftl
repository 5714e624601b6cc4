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
director-field = Stufe { $level }: { $what }
director-prizes = Preise
director-place = { $place }.
director-paid = ausbezahlt
director-pay = Preis an { $name } auszahlen
director-all-paid = Jeder Preis ist ausbezahlt: der Abend ist abgeschlossen. Die Prüfung listet jede Auszahlung.
