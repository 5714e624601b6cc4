# Die Seiten für den Raum: die Turnieruhr, der Sitzplan, die Rangliste.

level = Stufe { $level }
break-after = Pause nach Stufe { $level }
orbits = Runden
clock-paused = Uhr angehalten
next-level = Nächste: { $blinds }
break-in = Pause nach Stufe { $level } in { $time } ({ $minutes } Min.)
players = Spieler
players-of = { $left } von { $entrants }
average-stack = Durchschnittlicher Chipstand
prize-pool = Preisgeld
wins-tournament = gewinnt das Turnier
prizes = Preise
entrants = Teilnehmer
table-breaking = Tisch { $table } wird aufgelöst: seine Spieler ziehen ihre neuen Plätze (TR-17).
moves-after = { $name } wechselt nach dieser Hand von Tisch { $from } an Tisch { $to } (TR-17).
move-due = Fällig: { $name } von Tisch { $from } an Tisch { $to }, Platz { $seat } (TR-17).
no-tables = Keine Tische im Spiel.
held = angehalten
latest-moves = Die letzten Umsetzungen
moved-line = : { $name } von Tisch { $from } an Tisch { $to }, Platz { $seat }
player-no = Spieler { $player }
col-place = Platz
col-prize = Preis
disqualified = disqualifiziert
