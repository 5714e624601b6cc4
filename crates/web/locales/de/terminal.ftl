# Die Terminalseiten: der Tisch des Dealers, die Pulte von Floor und Turnierleitung, der
# Cash-Game-Raum, die Anmeldung. Englisch in ../en/terminal.ftl, Meldung für Meldung.

nav-pages = Seiten
nav-room = Raum
nav-clock = Uhr
nav-seating = Sitzplan
nav-standings = Rangliste
nav-floor = Floor
nav-director = Turnierleitung
nav-dispute = Streitfall
log-in = Anmelden
log-out = Abmelden
role-dealer = Dealer an Tisch { $table }
role-floor = Floor
role-director = Turnierleitung
role-auditor = Prüfer

login-title = Anmelden
login-name = Name
login-password = Passwort
login-unknown = Name oder Passwort unbekannt.
login-no-users = Keine Benutzer: `floorbook web` mit --users DATEI starten.

desk-note-floor = Diese Befehle gehören dem Floor. Als Floor anmelden, um sie zu senden; alles andere wird abgelehnt und als abgelehnt erfasst.
desk-note-director = Diese Befehle gehören der Turnierleitung. Als Turnierleitung anmelden, um sie zu senden; alles andere wird abgelehnt und als abgelehnt erfasst.

table-title = Tisch { $table }
hand-no = Hand { $hand }
no-table = Tisch { $table } spielt nicht.
the-hand = Die Hand
player-at-seat = { $name } (Platz { $seat })
col-seat = Platz
col-player = Spieler
col-guest = Gast
col-showing = Offen
col-stack = Chips
col-bet = Einsatz
col-chips = Chips
mark-button = der Button
mark-small-blind = der Small Blind
mark-big-blind = der Big Blind
mark-sb = SB
mark-bb = BB
to-act = ist am Zug
out = draußen
all-in = all-in
board = Board
none-yet = noch keins
pot = Pot
main-pot = Hauptpot { $chips }
side-pot = Nebenpot { $n }: { $chips }
take-back = Letzte Eingabe zurücknehmen ({ $what })
deal-to = Karten an { $who }
next-card-up = die nächste Karte offen
next-card-down = die nächste Karte verdeckt
dealt-face-down = Karten verdeckt gegeben
deal-seen = Gesehene Karten geben
cards-seen = Gesehene Karten
deal-these = Diese geben
bring-in = Bring-in { $amount }
fold = Passen
call = Mitgehen { $amount }
check = Schieben
check-around = Alle schieben
fold-to-call = geht mit { $amount }
fold-to-check = schiebt
fold-to-call-said = Alle vor Platz { $seat } passen; Platz { $seat } geht mit { $amount }
fold-to-check-said = Alle vor Platz { $seat } passen; Platz { $seat } schiebt
board-dealt-unseen = { $count ->
    [one] Karte gegeben (nicht erfasst)
   *[other] { $count } Karten gegeben (nicht erfasst)
}
award-how = das Board wurde nicht erfasst: den Gewinner jedes Pots antippen, so wie die Hände gelesen werden
wins-pot = { $who } gewinnt
split-among = Teilen zwischen
split-pot = Pot teilen
board-not-entered = { $count ->
    [one] 1 Karte nicht erfasst
   *[other] { $count } Karten nicht erfasst
}
fold-to-here = entscheidet
fold-to-here-said = Alle vor Platz { $seat } passen; Platz { $seat } ist am Zug
col-folds-to = Passen bis hier, dann
pad-least = Minimum
pad-half-pot = ½ Pot
pad-pot = Pot
pad-all-in = All-in
bet-to = Setzen { $amount }
raise-to = Erhöhen auf { $amount }
complete-to = Vervollständigen auf { $amount }
all-in-to = All-in ({ $amount })
bet-or-raise = Setzen oder erhöhen auf
bet-or-raise-range = Setzen oder erhöhen auf ({ $low } bis { $high })
deal-board = Board geben
board-due = { $count ->
    [one] Die nächste Boardkarte
   *[other] Die nächsten { $count } Boardkarten
}
showdown = Showdown
show = Zeigen
show-or-muck = Zeigen oder Muck
cards-shown = Gezeigte Karten
cards-shown-stud = Gezeigte Karten: die verdeckten in der Reihenfolge des Gebens, oder die ganze Hand
muck = Verwerfen
hand-over = Die Hand ist zu Ende.
remedies = Unregelmäßigkeiten und Abhilfen
entries = Die Eingaben dieser Hand (der Floor berichtigt eine, TR-26)
tournament-over = Das Turnier ist zu Ende.
won = { $name } (Platz { $seat }) gewinnt { $chips }
start-hand = Nächste Hand beginnen
button-seat-drawn = Button-Platz (Auslosung des Floors)
straddle = Straddle vom Spieler nach dem Big Blind (GCB-5)
button-draw = Auslosung des Buttons
button-draw-how = Jeder Spieler zieht eine Karte; die höchste Karte erhält den Button (bei Gleichstand entscheidet die Farbe: Pik, Herz, Karo, Kreuz).
seat-of = Platz { $seat } · { $name }
record-draw = Auslosung erfassen
after-hand = Nach der Hand, das Chip Race
seats = Plätze
flag-away = abwesend
flag-penalty = Zeitstrafe
flag-waits-button = wartet auf den Button
flag-waits-big-blind = wartet auf den Big Blind
flag-posts-to-come-in = setzt einen Big Blind zum Einstieg
flag-owes-small-blind = schuldet den Small Blind tot
flag-marker = Marker für verpassten Blind

guest-no = Gast { $guest }
must-move-called = Must-Move: { $name } an den Haupttisch { $table } (GCB-10).
waiting-list = Warteliste (GCB-9)
nobody-waits = Niemand wartet.
must-move-list = Must-Move-Liste (GCB-10)
no-side-table = Kein Nebentisch spielt.
main-table = Haupttisch
closed = geschlossen
in-a-hand = in einer Hand
markers = { $count ->
    [one] ein Marker für verpassten Blind
   *[other] { $count } Marker für verpasste Blinds
}
free = frei

js-recorded = Erfasst (Eintrag { "{" }seq{ "}" })
js-refused = Abgelehnt
js-allowed = Jetzt erlaubt
js-call = mitgehen
js-check = schieben
js-raise = setzen oder erhöhen auf
js-fold = passen
js-lost = Verbindung verloren: diese Seite zeigt den Tisch, wie er zuletzt war, und nimmt keine Eingabe an, bis die Verbindung zurück ist.
js-store = Die Aufzeichnung ist nicht erreichbar: diese Seite nimmt keine Eingabe an, bis sie zurück ist.
nav-hands = Hände
nav-audit = Prüfung
desk-due = Jetzt fällig
desk-due-move = { $name } von Tisch { $from } an Tisch { $to }, Platz { $seat }
desk-due-break = Tisch { $table } auflösen: seine Spieler ziehen neue Plätze
desk-due-draw = Tisch { $table } wird aufgelöst: { $players ->
    [one] sein Spieler zieht einen Platz
   *[other] seine { $players } Spieler ziehen ihre Plätze
} unter { $free ->
    [one] dem einen freien Platz
   *[other] den { $free } freien Plätzen
} der anderen Tische (TR-17).
desk-draw-break = Plätze zufällig auslosen
desk-balance-now = Fällige Umsetzungen ausführen
desk-tables = Tische
desk-between-hands = zwischen zwei Händen
desk-held = angehalten
desk-players = Spieler
desk-find = Spieler suchen (Name oder Nummer)
desk-where = Wo
desk-at = Tisch { $table }, Platz { $seat }
desk-out = ausgeschieden, Platz { $place }
desk-waiting = ohne Platz
desk-for-player = Für den gewählten Spieler
desk-for-table = Für einen Tisch
desk-other = Weiteres
desk-open-table = zum Tisch (Hand und Eingaben)
table-breaks-here = Tisch { $table } wird aufgelöst (TR-17): hier beginnt keine Hand mehr. Seine Spieler ziehen ihre neuen Plätze am Desk des Floors.
# What a form's number field allows now, shown beside it.
range-between = { $min } bis { $max }
range-from = mindestens { $min }
desk-entries = Nachmeldung und Re-Entry
desk-entries-open = Offen bis zum Ende von Level { $level }. Ein neuer Einstieg bekommt den vollen Stack und zieht einen der { $seats } freien Plätze an den Tischen mit den wenigsten Spielern; zwischen Small Blind und Button wartet er auf den Button.
desk-draw-entry = Platz zufällig auslosen
desk-entry-drawn = Gezogen: Tisch #T, Platz #S. Jetzt die Anmeldung oder den Re-Entry erfassen.
desk-out-may-reenter = ausgeschieden, Re-Entry möglich (platziert bei Einstiegsschluss)
desk-out-unplaced = ausgeschieden (platziert bei Einstiegsschluss)
desk-rebuys = Rebuys und Add-on
desk-rebuys-open = Die Rebuy-Phase läuft bis zum Ende von Level { $level }: ein Spieler mit { $chips } Chips oder weniger kauft zwischen den Händen seines Tisches nach; ein ausgeschiedener behält seinen Platz.
desk-addon-now = Jetzt das Add-on, einmal für jeden Spieler im Turnier: { $chips } Chips.
desk-rebuys-only = Rebuys
desk-mystery = Mystery-Kopfgelder
desk-mystery-later = Die Umschläge werden zu Beginn von Stufe { $level } gefüllt, einer für jeden Spieler, der noch im Turnier ist. Bis dahin gewinnt ein Knock-out keinen Umschlag.
desk-mystery-left = Noch { $envelopes } Umschläge, zusammen { $amount }.
desk-mystery-owed = { $out } wurde von { $by } rausgeworfen: ein Umschlag wird gezogen.
desk-draw-envelope = Einen Umschlag zufällig ziehen
desk-envelope-drawn = Gezogen: Umschlag #E der übrigen, gezählt wie im Formular (0 ist der erste). Jetzt die Ziehung erfassen.
flight-ended = Flight { $day }: beendet, { $entries } Einstiege, { $left } Spieler übrig
receipt-of-hand = Beleg der Hand { $hand } für die Spieler (QR-Code)
