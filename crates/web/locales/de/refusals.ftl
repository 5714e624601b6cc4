# Eine Ablehnung nach den Regeln, auf den Seiten in Worten (der `reason` des Dienstes: Code und Werte).
refused-empty_stack = Position { $pos } hat keine Chips (TR-9: ohne Chips ist ein Spieler ausgeschieden).
refused-wrong_phase = Jetzt nicht: die Hand ist { $phase ->
        [hole_dealing] beim Geben der verdeckten Karten
        [betting] in einer Setzrunde
        [board_dealing] beim Geben des Boards
        [showdown] im Showdown
       *[settled] zu Ende
    }.
refused-not_your_turn = Position { $actor } ist am Zug, nicht Position { $pos } (TR-21).
refused-not_in_hand = Position { $pos } ist nicht in der Hand.
refused-own_turn = Position { $pos } ist selbst am Zug: was er tut, geschieht in der Reihe; als seine eigene Aktion eingeben.
refused-no_turn_to_come = Position { $pos } handelt in dieser Runde nicht mehr (gepasst, all-in oder niemand mehr, der gegen ihn setzen kann): nichts, was er tut, ist eine Handlung außerhalb der Reihe.
refused-fold_to_actor = Position { $pos } ist selbst am Zug: seine eigene Aktion eingeben („Passen bis hier“ nennt einen späteren Spieler).
refused-cannot_act = Position { $pos } kann in dieser Runde nicht mehr handeln (gepasst oder all-in): „Passen bis hier“ nennt einen Spieler, der noch handelt.
refused-hole_card_count = Position { $pos } erhält noch { $due } verdeckte Karten; gegeben wurden { $got }.
refused-board_card_count = { $street ->
        [preflop] Preflop
        [flop] Der Flop
        [turn] Der Turn
        [river] Der River
        [third] Third Street
        [fourth] Fourth Street
        [fifth] Fifth Street
        [sixth] Sixth Street
       *[seventh] Seventh Street
    } braucht noch { $due } Boardkarten; gegeben wurden { $got }.
refused-seen_in_stub = Die Karte { $card } wurde im Stapel gesehen (eine zu früh gegebene Karte, TR-3.3): sie gehört keinem Spieler.
refused-card_in_play = Die Karte { $card } ist schon im Spiel.
refused-cannot_check = Position { $pos } kann nicht schieben: { $call } sind zu bezahlen (NOB-13, NOB-14).
refused-raise_below_minimum = Ein Raise auf { $got } liegt unter dem Minimum: erlaubt sind { $min } bis { $max } ({ $rule }).
refused-raise_above_maximum = Ein Raise auf { $got } liegt über dem Maximum: erlaubt sind { $min } bis { $max } ({ $rule }).
refused-put_in_above_stack = Position { $pos } hat { $got } Chips gesetzt, aber nur { $stack }: höchstens { $stack }.
refused-show_count = Position { $pos } darf 1 bis { $most } seiner Karten zeigen; genannt wurden { $got }.
refused-not_in_showdown = Position { $pos } ist nicht mit Zeigen oder Muck an der Reihe.
refused-uncalled_show_whole = Position { $pos } hat ohne Call gewonnen: er zeigt seine ganze Hand ({ $due } Karten) oder nichts (TR-3.7).
refused-last_live_hand = Position { $pos } hält die letzte lebende Hand und gewinnt den Pot: sie kann nicht gemuckt werden (TR-3.6).
refused-all_in_showdown = Position { $pos } kann nicht mucken: ein Spieler ist all-in, also wird jede lebende Hand aufgedeckt (TR-3.6).
refused-show_whole = Position { $pos } deckt im Showdown seine ganze Hand auf: { $due } Karten, jede genannt; genannt wurden { $got } (TR-11).
refused-not_dealt_card = { $card } ist keine Karte von Position { $pos }: er erhielt { $dealt } (TR-11; einen falschen Eintrag berichtigt der Floor, TR-26).
refused-short_call = Ein zu kurzer Call von Position { $pos } ist weniger als die fälligen { $call }; gesetzt wurden { $got } (GCB-3).
refused-fold_not_retrievable = Der Fold von Position { $pos } kann nicht zurückgenommen werden: nur sein Fold in der Reihe, solange seither nichts geschah (GCB-8).
refused-deal_order = Die nächste Karte geht an Position { $next }, nicht an Position { $pos }: gegeben wird reihum ab dem ersten Platz links vom Button.
refused-not_payable = { $to } lässt sich mit den Chips im Spiel nicht bezahlen: ein Einsatz ist ein Vielfaches von { $unit } (TR-15).
refused-bring_in_due = Position { $pos } bringt es ein: den Bring-in von { $bring_in } oder Vervollständigen auf { $complete } (TDA-RP-10).
refused-no_bring_in_due = Position { $pos } kann keinen Bring-in setzen: jetzt ist keiner fällig.
refused-fixed_limit = Im Fixed Limit setzt oder erhöht Position { $pos } auf genau { $to }, nicht auf { $got }.
refused-up_card_unknown = Die Karte { $index } von Position { $pos } wird offen gegeben und muss genannt werden.
refused-stud_card_count = Position { $pos } erhält auf { $street ->
        [third] Third Street
        [fourth] Fourth Street
        [fifth] Fifth Street
        [sixth] Sixth Street
       *[seventh] Seventh Street
    } noch { $due } Karten; gegeben wurden { $got }.
refused-too_young = Spieler { $player } ist { $age }; Spieler müssen mindestens { $min } sein (TR-0a).
refused-already_registered = Spieler { $value } ist schon angemeldet.
refused-too_few_players = Das Turnier braucht mindestens 2 Spieler; angemeldet sind { $value }.
refused-no_table = Es gibt keinen Tisch { $value }.
refused-no_player = Es gibt keinen Spieler { $value }.
refused-break_pending = Tisch { $value } wird aufgelöst: zuerst ziehen seine Spieler ihre neuen Plätze (TR-17).
refused-race_due = An Tisch { $table } wird zuerst ein Chip Race der { $denomination }er gespielt: bis dahin beginnt keine Hand (TR-15).
refused-on_break = Die Pause nach Stufe { $after } läuft; die Hände beginnen wieder, wenn sie endet (TR-5).
refused-time_backwards = Ein Befehl bei { $at } s liegt vor der zuletzt erfassten Zeit, { $head } s: die Zeit läuft nur vorwärts.
refused-hidden_chips = Versteckte Chips: der Floor nennt die gefundenen Chips, 1 bis { $stack }; genannt wurden { $got } (TR-20).
refused-no_level = Es gibt keine Stufe { $got }: Stufen 1 bis { $levels } (TR-5).
refused-seat_taken = Platz { $seat } an Tisch { $table } ist nicht frei; freie Plätze dort: { $free }.
refused-reason = Der Floor gibt eine Begründung, 1 bis { $max } Zeichen; gegeben wurden { $got } (TR-26).
refused-stack_count = Ein gezählter Stack hat 1 bis { $max } Chips und weicht von den { $was } im Protokoll ab; genannt wurden { $got } (TR-26).
refused-balancing_pause = Die Tische unterscheiden sich um zwei oder mehr: das Spiel ruht, bis Spieler umgesetzt sind (PLO-2).
refused-table_held = Tisch { $value } ist vom Floor angehalten: keine Hand beginnt, bis er freigegeben ist (TR-26).
refused-burn_unsaid = Bitte angeben, ob die Burn-Karte der Straße vor den zu früh gegebenen Karten gegeben wurde (TDA-RP-5 D).
refused-button_not_drawn = Die erste Hand an Tisch { $table } braucht zuerst die Auslosung des Buttons ({ $rule }).
refused-table_moved_on = Der Tisch ist weitergegangen, seit diese Seite ihn zeigte: die Seite zeigt ihn jetzt, wie er steht; erst schauen, dann erneut tippen.
refused-role = { $sender ->
        [dealer] Der Dealer von Tisch { $table }
       *[floor] Der Floor
    } darf „{ $command }“{ $at ->
        [none] {""}
       *[other] {" "}an Tisch { $at }
    } nicht eingeben: das ist Sache { $needs ->
        [dealer] des Dealers dieses Tisches, des Floors oder der Turnierleitung
        [floor] des Floors oder der Turnierleitung
       *[director] der Turnierleitung
    }.
refused-not_in_person = Auf die Liste kommt nur, wer sich persönlich beim Tischchef meldet; keine telefonischen Eintragungen (GCB-9).
refused-already_listed = Gast { $guest } steht schon auf der Liste für { $game }, an Stelle { $place } (GCB-9).
refused-not_listed = Gast { $guest } steht nicht auf der Liste für { $game } (GCB-9).
refused-not_first_on_list = Plätze werden in der Reihenfolge der Liste angeboten; Erster auf der Liste für { $game }: Gast { $first } (GCB-9).
refused-no_game = Es gibt kein Spiel { $value }; die Spiele sind: { $value2 }.
refused-table_closed = Tisch { $value } ist nicht offen.
refused-table_open = Tisch { $value } ist schon offen.
refused-side_table_not_due = Tisch { $table } öffnet, wenn der Haupttisch { $main } voll ist ({ $seated } von { $seats } besetzt) und { $needed } Gäste warten (es warten { $waiting }) (GCB-10).
refused-no_seat = Platz { $seat } an Tisch { $table }: die Plätze sind 1 bis { $seats } (GCB-12).
refused-already_seated = Gast { $guest } sitzt schon an Tisch { $table }, Platz { $seat }.
refused-no_direct_change = Niemand wechselt direkt vom Haupttisch { $main } an Tisch { $table }; er steht auf und darf nach { $minutes } Minuten an einem Nebentisch Platz nehmen (GCB-10).
refused-side_table_wait = Gast { $guest } ist vom Haupttisch aufgestanden; an einem Nebentisch darf er ab { $from } s Platz nehmen (jetzt { $now } s) (GCB-10).
refused-main_table_by_must_move = Solange Nebentisch { $side } spielt, gehen Plätze am Haupttisch nach der Must-Move-Liste an seine Spieler (GCB-10).
refused-not_seated = Gast { $value } sitzt nicht am Tisch.
refused-name_needed = Ein neuer Gast braucht einen Namen (1 bis 100 Zeichen).
refused-cash_buy_in = Ein Buy-in beträgt { $min } bis { $max }; genannt wurden { $got } (GCB-7).
refused-not_busted = Ein Rebuy setzt den verlorenen Stack voraus; Gast { $guest } hat { $stack } vor sich: stattdessen zwischen den Händen Chips nachkaufen (GCB-7).
refused-short_rebuy_used = Der eine Rebuy unter dem Tischeinsatz ist verbraucht; ein Rebuy beträgt jetzt mindestens { $min } (GCB-7).
refused-no_add_after_short_rebuy = Nach einem Rebuy unter dem Tischeinsatz wird zwischen den Händen kein Geld nachgelegt (GCB-7).
refused-add_to_empty = Gast { $guest } hat seinen Stack verloren: das ist ein Rebuy (GCB-7).
refused-add_during_hand = Während einer Hand wird kein Geld nachgelegt; Gast { $guest } ist in der Hand an Tisch { $table } (GCB-13).
refused-take_off_table = Der Tischeinsatz bleibt auf dem Tisch, solange er spielt; Gast { $guest } kann zwischen seinen Händen mit allem gehen (GCB-13).
refused-in_hand = Gast { $guest } ist in der Hand an Tisch { $table }; er geht, wenn sie zu Ende ist (GCB-13).
refused-amount = Zwischen den Händen nachgelegte Chips: { $got } liegt nicht zwischen 1 und { $max } (GCB-13).
refused-removed = Gast { $value } wurde aus dem Pokerbereich verwiesen (GCB-1).
refused-day_over = Gast { $value } hat den Wechsel verweigert; sein Spieltag ist zu Ende (GCB-10).
refused-same_seat = Ein Platzwechsel geht an einen anderen freien Platz am selben Tisch (GCB-6).
refused-text = Eine Begründung oder Entscheidung von 1 bis { $max } Zeichen; gegeben wurden { $got }.
refused-button_needed = Die erste Hand an Tisch { $value } braucht den Button-Platz aus der Auslosung des Floors.
refused-button_placed = Der Button wurde durch die Auslosung der ersten Hand gesetzt; an Tisch { $value } wandert er nach den Regeln.
refused-too_few_players_at_table = Eine Hand braucht zwei ausgeteilte Spieler; an diesem Tisch können { $value } spielen (GCB-12).
refused-hand_in_progress = An Tisch { $value } läuft eine Hand.
refused-no_hand = An Tisch { $value } läuft keine Hand.
refused-nothing_to_take_back = An Tisch { $value } gibt es keine Eingabe zum Zurücknehmen: nur die letzte Eingabe der Hand, einmal, solange nichts folgte.
refused-no_last_hand = An Tisch { $value } gibt es keine beendete Hand (Karten werden nach einer Hand gezeigt, vor der nächsten).
refused-seat_taken_at_table = Platz { $seat } an Tisch { $table } ist besetzt.
refused-deal_forbidden = Kein Deal: die Turnierregeln des Clubs disqualifizieren Absprachen unter Spielern ({ $rule }).
refused-deals_off = Das Profil dieses Turniers erlaubt keine Deals (Hausregel).
refused-deal_pending = Ein Deal liegt auf dem Tisch: erst stimmen alle Spieler zu, oder einer lehnt ab.
refused-no_deal_pending = Es liegt kein Deal auf dem Tisch: die Turnierleitung schlägt einen vor.
refused-deal_agreed_already = Der Deal ist vereinbart: seine Beträge sind die Preise.
refused-deal_in_hand = Ein Deal wird zwischen den Händen gemacht: an Tisch { $table } läuft eine Hand.
refused-deal_no_prizes = Das Profil veröffentlicht keine Auszahlung: ein Deal hat keine Preise zu teilen.
refused-deal_left_to_play = Zum Ausspielen zurückbehalten wird höchstens der Preis des ersten Platzes ({ $max } Cent); angegeben { $got } Cent.
refused-not_in_deal = Spieler { $player } gehört nicht zu den Spielern des Deals.
refused-already_agreed = Spieler { $player } hat dem Deal schon zugestimmt.
refused-deal_stale = Die Chipstände haben sich seit dem Vorschlag verändert: die Turnierleitung schlägt den Deal neu vor.
refused-no_prize = Spieler { $player } hat keinen Preis: sein Platz steht nicht fest oder wird nicht bezahlt ({ $paid } Plätze werden bezahlt).
refused-prize_paid_already = Der Preis von Spieler { $player }, { $cents } Cent, ist schon ausbezahlt.
refused-freeze_out = Dieses Turnier ist ein Freeze-Out: nach dem Start steigt niemand mehr ein.
refused-entries_over = Nachmeldung und Re-Entry waren bis zum Ende von Level { $until_level } offen; gespielt wird Level { $level }.
refused-entry_draw = Ein neuer Einstieg zieht einen der { $seats } freien Plätze an den Tischen mit den wenigsten Spielern; die Auslosung { $got } ist keiner davon (0 ist der erste).
refused-entry_draw_needed = Eine Nachmeldung zieht ihren Platz: einen der { $seats } freien Plätze an den Tischen mit den wenigsten Spielern.
refused-tables_full = Alle Tische sind voll: ein neuer Einstieg wartet auf einen Platz.
refused-reentry_limit = Spieler { $player } hatte seine { $max } Re-Entries schon.
refused-not_out = Spieler { $player } ist noch im Turnier: ein Re-Entry wird nach dem Ausscheiden gekauft, solange der Einstieg offen ist.
refused-disqualified_no_entry = Spieler { $player } wurde disqualifiziert: kein neuer Einstieg (TR-28).
refused-surrendered_no_entry = Spieler { $player } hat aufgegeben (TDA-Regel 8B): kein neuer Einstieg.
refused-no_rebuys = Dieses Turnier hat keine Rebuys.
refused-rebuys_over = Die Rebuy-Phase lief bis zum Ende von Level { $until_level }; gespielt wird Level { $level }.
refused-no_double_rebuy = Dieses Turnier erlaubt keinen doppelten Rebuy.
refused-rebuy_limit = Spieler { $player } hat { $had } seiner { $max } Rebuys gemacht (ein doppelter zählt zwei).
refused-rebuy_above = Spieler { $player } hat { $stack } Chips: ein Rebuy wird mit { $threshold } oder weniger gemacht.
refused-seat_gone = Der Platz von Spieler { $player } ist besetzt oder sein Tisch aufgelöst: er bekommt einen neuen Platz über einen Re-Entry.
refused-no_add_on = Dieses Turnier hat kein Add-on.
refused-add_on_not_now = Das Add-on gibt es in Level { $level } (nach der Rebuy-Phase, samt ihrer Pause); gespielt wird Level { $now }.
refused-added_on_already = Spieler { $player } hat das Add-on schon genommen: einmal je Spieler.

# "Jetzt nicht möglich": jeder Grund des Turniers, nach seinen Worten (Ablehnungscode `not_now`).
refused-not_now-a-deal-is-made-while-the-tournament-is-played = Das ist jetzt nicht möglich: ein Deal wird gemacht, während das Turnier läuft.
refused-not_now-a-hand-is-in-progress-at-this-table = Das ist jetzt nicht möglich: an diesem Tisch läuft eine Hand.
refused-not_now-fewer-than-two-players-at-the-table = Das ist jetzt nicht möglich: weniger als zwei Spieler am Tisch.
refused-not_now-its-players-do-not-fit-into-the-free-seats-at-the-other-tables = Das ist jetzt nicht möglich: seine Spieler passen nicht auf die freien Plätze der anderen Tische.
refused-not_now-levels-go-by-each-table-s-orbits-here-nob-9-there-is-no-level-clock = Das ist jetzt nicht möglich: hier steigen die Stufen mit den Runden jedes Tisches (NOB-9): es gibt keine Leveluhr.
refused-not_now-no-chip-race-is-due = Das ist jetzt nicht möglich: kein Chip Race ist fällig.
refused-not_now-no-finished-hand-at-this-table-cards-are-shown-after-a-hand-before-the-next = Das ist jetzt nicht möglich: an diesem Tisch ist keine Hand beendet (Karten werden nach einer Hand gezeigt, vor der nächsten).
refused-not_now-no-hand-in-play-at-this-table-a-finished-hand-s-pot-is-pushed-and-the-director-rules-on-it-tr-26 = Das ist jetzt nicht möglich: an diesem Tisch läuft keine Hand: der Pot einer beendeten Hand ist ausgezahlt, die Turnierleitung entscheidet darüber (TR-26).
refused-not_now-no-hand-in-progress-at-this-table = Das ist jetzt nicht möglich: an diesem Tisch läuft keine Hand.
refused-not_now-no-move-or-break-is-due-at-a-table-between-hands-tr-17 = Das ist jetzt nicht möglich: an keinem Tisch zwischen zwei Händen ist ein Wechsel oder eine Auflösung fällig (TR-17).
refused-not_now-nobody-is-to-act = Das ist jetzt nicht möglich: niemand ist am Zug.
refused-not_now-only-a-registered-or-waiting-player-without-a-seat-is-seated = Das ist jetzt nicht möglich: nur ein angemeldeter oder wartender Spieler ohne Platz wird gesetzt.
refused-not_now-registration-is-closed-once-the-tournament-starts = Das ist jetzt nicht möglich: die Anmeldung schließt mit dem Turnierbeginn.
refused-not_now-something-has-followed-the-last-entry-at-this-table-the-floor-corrects-it-with-a-ruling-tr-26 = Das ist jetzt nicht möglich: auf die letzte Eingabe an diesem Tisch ist schon etwas gefolgt: der Floor berichtigt sie mit einer Entscheidung (TR-26).
refused-not_now-that-table-is-not-due-to-break-tr-17-the-table-with-the-lowest-number-breaks = Das ist jetzt nicht möglich: dieser Tisch wird nicht aufgelöst (TR-17: der Tisch mit der niedrigsten Nummer wird aufgelöst).
refused-not_now-the-button-has-not-been-placed-at-this-table-the-button-draw-comes-first-tr-2 = Das ist jetzt nicht möglich: an diesem Tisch liegt noch kein Button: zuerst wird der Button ausgelost (TR-2).
refused-not_now-the-chips-go-to-another-player-at-the-same-table = Das ist jetzt nicht möglich: die Chips gehen an einen anderen Spieler am selben Tisch.
refused-not_now-the-chips-in-play-would-pass-the-limit = Das ist jetzt nicht möglich: die Chips im Spiel würden die Grenze überschreiten.
refused-not_now-the-flight-s-bounty-money-does-not-add-up-or-would-pass-the-limit = Das ist jetzt nicht möglich: das Kopfgeld des Flights geht nicht auf (Gewonnenes, Köpfe und Unbeanspruchtes ergeben nicht sein Geld) oder würde die Grenze überschreiten.
refused-not_now-the-clock-is-paused-already = Das ist jetzt nicht möglich: die Uhr ist schon angehalten.
refused-not_now-the-clock-is-running = Das ist jetzt nicht möglich: die Uhr läuft.
refused-not_now-the-level-clock-runs-from-the-tournament-s-start-to-its-end-tr-5 = Das ist jetzt nicht möglich: die Leveluhr läuft vom Turnierbeginn bis zum Turnierende (TR-5).
refused-not_now-the-player-has-no-seat = Das ist jetzt nicht möglich: der Spieler hat keinen Platz.
refused-not_now-the-player-is-dealt-into-the-hand-in-progress-remove-him-after-it = Das ist jetzt nicht möglich: der Spieler ist in der laufenden Hand ausgeteilt; nach ihr entfernen.
refused-not_now-the-player-is-not-in-play = Das ist jetzt nicht möglich: der Spieler ist nicht im Spiel.
refused-not_now-the-player-s-table-is-in-a-hand-the-floor-acts-between-hands = Das ist jetzt nicht möglich: am Tisch des Spielers läuft eine Hand: der Floor handelt zwischen zwei Händen.
refused-not_now-the-table-is-held-already = Das ist jetzt nicht möglich: der Tisch ist schon angehalten.
refused-not_now-the-table-is-in-a-hand-it-breaks-between-hands = Das ist jetzt nicht möglich: am Tisch läuft eine Hand: er wird zwischen zwei Händen aufgelöst.
refused-not_now-the-table-is-not-held = Das ist jetzt nicht möglich: der Tisch ist nicht angehalten.
refused-not_now-the-tournament-has-started = Das ist jetzt nicht möglich: das Turnier hat begonnen.
refused-not_now-the-tournament-is-not-running = Das ist jetzt nicht möglich: das Turnier läuft nicht.
refused-not_now-the-add-on-is-for-a-player-still-in = Das ist jetzt nicht möglich: das Add-on gibt es nur für einen Spieler im Turnier.
refused-not_now-only-a-player-still-in-surrenders = Das ist jetzt nicht möglich: nur ein Spieler im Turnier kann aufgeben.
refused-not_now-the-tournament-is-over = Das ist jetzt nicht möglich: das Turnier ist vorbei.
refused-not_now-seats-are-drawn-at-the-start-a-registration-before-it-draws-none = Das ist jetzt nicht möglich: die Plätze werden beim Start ausgelost; eine Anmeldung davor zieht keinen.
refused-not_now-the-tournament-is-over-only-a-ruling-a-prize-paid-out-an-envelope-owed-or-cards-shown-after-the-last-hand-are-recorded-now = Das ist jetzt nicht möglich: das Turnier ist vorbei: jetzt werden nur noch eine Entscheidung, ein ausgezahlter Preis, ein noch geschuldeter Umschlag oder nach der letzten Hand gezeigte Karten erfasst.
refused-not_now-there-is-no-entry-to-take-back-at-this-table-only-the-last-entry-of-a-hand-in-play-once = Das ist jetzt nicht möglich: an diesem Tisch gibt es keine Eingabe zurückzunehmen (nur die letzte Eingabe einer laufenden Hand, einmal).
refused-payout_shares = Eine Auszahlung ist der Anteil jedes bezahlten Platzes am Preisgeld in Prozent, über 0, erster Platz zuerst, zusammen 100, für 1 bis { $max } Plätze (keine: keine Auszahlung). Angegeben: { $got } (NOB-16).
refused-payout_decided = Die Auszahlung steht: Platz { $place } ist entschieden, und die geltende Auszahlung bezahlt { $paid } Plätze, die neue { $new } (NOB-16).
refused-no_envelope_owed = Für Spieler { $player } ist kein Umschlag offen: gezogen wird für einen Spieler, der nach dem Füllen der Umschläge ausgeschieden ist (offen jetzt für die Spieler: { $owed }).
refused-envelope_draw = Gezogen wird einer der { $envelopes } übrigen Umschläge; die Ziehung { $got } ist keiner davon (0 ist der erste).
refused-no_flight = Dieses Turnier ist kein Flight: nur ein Flight an Tag 1 endet damit, dass die Verbliebenen ihre Chips eintüten.
refused-no_day2 = Dieses Turnier ist kein Tag 2: nur ein Tag 2 übernimmt Flights.
refused-flight_hand_in_play = Ein Flight endet zwischen zwei Händen: an Tisch { $table } läuft Hand { $hand }.
refused-flight_entries_open = Der Einstieg ist bis zum Ende von Stufe { $until_level } offen: der Flight endet, wenn er geschlossen ist (es läuft Stufe { $level }).
refused-flight_imported_twice = Der Flight der Kette { $chain } ist schon übernommen.
refused-flight_of_another_event = Der Flight der Kette { $chain } gehört zum Turnier { $got }; dieser Tag 2 ist das Turnier { $event }.
refused-flight_bounty_differs = Der Flight der Kette { $chain } spielt einen anderen Bounty als dieser Tag 2: Flights und Tag 2 spielen den Bounty des Turniers (im Profil: bounty).
refused-no_flights_imported = Tag 2 beginnt mit den Spielern seiner Flights: zuerst die Flights übernehmen.
refused-flight_chips_carried = Tisch { $table } nimmt { $chips } Chips in seine nächste Hand mit: der Flight endet nach dieser Hand, wenn alle Chips in einem Stack sind.
refused-cards_decide = Jede Boardkarte wurde erfasst: der Showdown wird nach den gezeigten Karten entschieden, nicht vom Dealer zugeteilt (TR-3.6, TR-11).
refused-no_such_pot = Es gibt keinen Pot { $pot }: die Hand hat { $pots } (0 ist der Hauptpot).
refused-pot_already_awarded = Pot { $pot } ist schon zugeteilt.
refused-no_winner_named = Den Gewinner von Pot { $pot } nennen: einen Spieler, oder die, die ihn teilen.
refused-not_eligible = Position { $pos } kann Pot { $pot } nicht gewinnen: er hat darin keine lebende Hand (gepasst oder verworfen, oder er hat nicht genug dafür gesetzt), oder er ist doppelt genannt (TR-3.6).

## Ablehnungen, deren Grund früher freier Text war (Issue 35: jedes Wort in beiden Sprachen).
refused-buy_in = Das Buy-in { $got } wird nicht angeboten; angeboten sind { $offered } (TR-0b).
refused-time = Eine Zeit von { $got } s nach Turnierbeginn liegt außerhalb von 0 bis { $max } s.
refused-clock_adjust = Die Uhr kann höchstens um die { $add } s der laufenden Stufe zurückgestellt werden { $take ->
    [none] und ohne Grenze vorgestellt werden
   *[other] und höchstens um ihre verbleibenden { $take } s vorgestellt werden
} (TR-5); genannt: { $got } s.
refused-table_choice = { $players } Spieler beginnen an { $allowed } Tischen ({ $rule }); genannt: { $got }.
refused-button_draw = Die Auslosung des Buttons an Tisch { $table }: { $why } ({ $rule }).
refused-no_show = Spieler { $player } kann nicht als nicht erschienen entfernt werden: { $why } ({ $rule }: nach { $limit } Sekunden).
refused-nothing_to_correct = An diesem Tisch kann jetzt nichts korrigiert werden: die letzte Änderung der Hand war keine Eingabe des Dealers (eine Entscheidung, die Uhr, eine Aktion für einen Spieler); die Turnierleitung entscheidet (TR-26).
refused-entry_out_of_range = Korrigieren lassen sich die Eingaben { $first } bis { $last } dieser Hand; genannt: { $got } (TR-26).
refused-table_changed_since = Ein Spieler am Tisch ist seitdem weggegangen, zurückgekommen oder hat eine Strafe: die Hand kann nicht wie eingegeben neu gespielt werden; die Turnierleitung entscheidet (TR-26).
refused-not_a_betting_entry = Eingabe { $entry } ist „{ $command }“: so wird nur eine Setzaktion korrigiert (Passen, Schieben, Mitgehen, Setzen, Erhöhen); falsche Karten werden als Karten korrigiert (TR-26).
refused-entry_says_that = Eingabe { $entry } sagt das schon (TR-26).
refused-fold_not_retrieved = Eingabe { $entry } ist ein Passen: es wird nur korrigiert, wenn die Karten des Spielers ungesehen zurückgeholt wurden (GCB-8).
refused-correction_itself_refused = Die Korrektur selbst wird abgelehnt: { $why }
refused-hand_over_before_entry = Nach der Korrektur ist die Hand vor Eingabe { $entry } („{ $command }“) vorbei: sie steht nicht mehr; die Turnierleitung entscheidet (TR-26).
refused-entry_no_longer_stands = Nach der Korrektur steht Eingabe { $entry } („{ $command }“) nicht mehr: { $why } Die Turnierleitung entscheidet (TR-26).
refused-levels_not_begun = Geändert werden nur Stufen, die noch nicht begonnen haben: von Stufe { $first } bis { $last } (eine nach der letzten fügt Stufen an), mit mindestens einer Stufe; genannt: ab { $from } mit { $levels } Stufen (Stufe { $current } läuft) (TR-5).
refused-too_many_levels = Ein Zeitplan hat höchstens { $most } Stufen; so wären es { $total } (TR-5).
refused-level_minutes = Stufe { $level }: 1 bis { $most } Minuten (keine Angabe: die { $default_minutes } des Profils); genannt: { $minutes } (TR-5).
refused-break_not_begun = Nur eine Pause, die noch nicht begonnen hat: nach Stufe { $current } bis { $last } (Stufe { $current } läuft), 0 (keine) bis { $most } Minuten; genannt: nach Stufe { $after }, { $minutes } Minuten (TR-5).
refused-no_break_after = Nach Stufe { $after } gibt es keine Pause, die sich streichen ließe (TR-5).
refused-schedule_problem = Die Stufen ergeben nach dieser Änderung keinen Zeitplan: { $problem } (TR-5).
refused-reserved_before_start = Tische werden vor dem Start reserviert; eine Nachmeldung zieht ihren Platz (PLO-3).
refused-every_table_drawn = In diesem Turnier wird jeder Tisch ausgelost (TR-1): es gibt keine Reservierungen (PLO-3).
refused-no_seat_to_reserve = Eine Reservierung nennt einen Tisch 1 bis { $tables } mit einem freien Platz ({ $seats } je Tisch); Tisch { $table } hat { $there } (PLO-3).
refused-hand_in_play = eine Hand läuft; der Button wird vor der ersten Hand des Tisches ausgelost
refused-table_has_played = an dem Tisch wurde schon gespielt; nach seiner ersten Hand rückt der Button jede Hand einen Platz weiter (TR-9)
refused-one_card_a_seat = jeder Spieler am Tisch zieht eine Karte: eine Karte für jeden der Plätze { $occupied }; genannt: Plätze { $drawn }
refused-has_been_there = der Spieler ist seit dem Start am Tisch
refused-too_early = es ist erst { $now } Sekunden nach dem Start
refused-no_seat_to_free = der Spieler hat keinen Platz
refused-not_a_permutation = Die Platzauslosung muss jedem der { $players } Spieler eine Platzkarte geben, jede einmal.
refused-no_tables = Es muss mindestens einen Tisch geben.
refused-overfull = Mehr Spieler haben einen Tisch reserviert, als er Plätze hat ({ $seats }).
refused-bad_button_draw = Die Auslosung des Buttons braucht eine Karte je Spieler am Tisch, alle verschieden.
refused-seat_beyond_table = Die Auslosung nennt einen Platz, den der Tisch nicht hat.
refused-every_player_draws = Vor der ersten Hand des Tisches zieht jeder Spieler daran eine Karte: eine Karte für jeden der Plätze { $seats } (NOB-10).
refused-break_draw = Die Auslosung beim Auflösen gibt jedem der { $leaving } Spieler, die den Tisch verlassen, einen anderen freien Platz, 0 bis { $last } (TR-17); genannt: { $got }.
refused-players = Ein Deal braucht 2 bis 20 verbliebene Spieler; genannt: { $got }.
refused-no_chips = Jeder Spieler im Deal hat Chips; Spieler { $player } (in der genannten Reihenfolge) hat keine.
refused-prizes = { $prizes } Preise für { $players } Spieler: ein Deal teilt die Preise der noch offenen Plätze, höchstens einen je Spieler.
refused-order = Die Preise gehen vom besten Platz an: Platz { $place } zahlt mehr als Platz { $better }.
refused-too_large = Die Chips oder Preise sind zu viele, um sie zu addieren.
refused-denomination = Das Chip-Race (TR-15.3) kennt keinen Tausch für { $value }er.
refused-cards = Das Race braucht eine Karte je übrigem Chip ({ $needed }); gegeben wurden { $got } (TR-15).
refused-duplicate_card = Eine Karte wurde im Race zweimal gegeben (TR-15).
refused-player_count = Eine Hand braucht 2 bis { $max } Spieler; genannt: { $got }.
refused-setup_length = Die Pflichteinsätze der Hand nennen { $got } Positionen; die Hand hat { $players }.
refused-zero_minimum_bet = Der Mindesteinsatz muss mindestens 1 sein.
refused-zero_chip_unit = Die kleinste Chipeinheit muss mindestens 1 sein.
refused-cannot_raise = Position { $pos } kann nicht setzen oder erhöhen: { $reason } ({ $rule }).
refused-chips_out_of_range = Die Stacks und die mitgebrachten Chips ergeben { $got }, mehr als eine Hand zählen kann ({ $max }).
refused-stud_player_count = Ein Stud-Tisch hat 2 bis { $max } Spieler; genannt: { $got }.
refused-stud_limits = Die Limits müssen steigen: ein Bring-in von 1 oder mehr unter dem kleinen Einsatz ({ $small_bet }), der kleine Einsatz höchstens der große ({ $big_bet }); genannt: ein Bring-in von { $bring_in }.
refused-stud_fixed_limit = Seven Card Stud wird mit festen Limits gespielt: die Regeln nennen Bring-in, kleinen und großen Einsatz (TDA-RP-10).
refused-stud_remedy = Position { $pos }: { $reason } (TDA-RP-10).
refused-premature_count = Die zu früh gegebenen Karten der nächsten Straße nennen: 1 bis { $most } (eine je Spieler); genannt: { $got } (TDA-RP-5 D).
refused-other_game = „{ $what }“ gehört zu einem anderen Spiel; dieser Tisch spielt { $other }.
refused-short_all_in_reopens_nothing = ein All-in unter einer vollen Erhöhung eröffnet das Setzen nicht neu
refused-raises_capped = die Erhöhungen dieser Runde sind ausgeschöpft
refused-acted_facing_short_all_in = der Spieler hat schon gehandelt und steht weniger als einer vollen Erhöhung gegenüber
refused-stack_covers_a_call = der Stack reicht nur zum Mitgehen
refused-nobody_left_to_call = alle anderen Spieler haben gepasst oder sind all-in
refused-up_card_dealt = seine offene Karte ist schon gegeben: der Floor entscheidet (TR-26)
refused-not_a_down_card = die aufgedeckte Karte ist keine seiner verdeckten Karten
refused-not_the_seventh_card = die aufgedeckte Karte ist nicht seine Karte der siebten Straße
refused-away_already = Gast { $guest } ist { $away ->
    [true] schon abwesend
   *[other] am Tisch
}.
refused-not_called = Gast { $guest } ist nicht zum Wechsel aufgerufen; { $called ->
    [none] aufgerufen ist niemand
   *[other] aufgerufen ist Gast { $called }
} (GCB-10).
refused-move_seat = Der Wechsel geht auf einen freien Platz am Haupttisch { $main } (GCB-10).
refused-cash_time_backwards = Die Zeit { $at } s liegt vor den { $latest } s des letzten Kommandos; die Zeit läuft nur vorwärts.
refused-no_straddle_in_game = Dieses Spiel hat keinen Straddle (GCB-5).
refused-heads_up_no_straddle = Heads-up gibt es keinen Spieler under the gun: kein Straddle (GCB-5).
refused-member_bad_id = „{ $value }“ kann keine Mitgliedsnummer sein: 1 bis 32 Buchstaben, Ziffern, - oder _.
refused-member_bad_text = Der Text muss 1 bis 200 Zeichen lang sein, nicht nur Leerzeichen.
refused-member_exists = Mitglied { $value } gibt es schon.
refused-member_unknown = Es gibt kein Mitglied { $value }.
refused-member_merged_away = Mitglied { $value } wurde mit { $value2 } zusammengeführt; { $value2 } verwenden.
refused-member_self_merge = Ein Mitglied kann nicht mit sich selbst zusammengeführt werden ({ $value }).
refused-member_bad_birth_date = Ein Geburtsdatum liegt vor dem { $day } und nach dem 1900-01-01; genannt: { $born }.
refused-member_not_barred = Mitglied { $value } ist nicht gesperrt.
refused-member_bad_rule = Die Regel einer Sperre ist GCB-1 (vom Cash-Tisch verwiesen) oder TR-28 (disqualifiziert); genannt: { $value }.
refused-member_barred = Mitglied { $member } ist gesperrt{ $until ->
    [none] {""}
   *[other] {" "}bis { $until }
}: { $reason } (aufgehoben nur vom Floor, mit Begründung).
refused-member_too_young = Mitglied { $member } ist am { $day } { $age }; das Mindestalter ist { $min } (TR-0a).
refused-no_clock_runs = An Tisch { $table } läuft keine Uhr (TR-19).
refused-clock_runs = Die Uhr für Spieler { $player } an Tisch { $table } läuft noch: { $left } s übrig (TR-19).
