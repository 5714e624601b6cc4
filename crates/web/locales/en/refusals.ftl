# A refusal by the rules, worded on the pages (the service's `reason`: code and values).
refused-empty_stack = Position { $pos } has no chips (TR-9: a player without chips is out).
refused-wrong_phase = Not now: the hand is in { $phase ->
        [hole_dealing] the deal of the hole cards
        [betting] a betting round
        [board_dealing] the deal of the board
        [showdown] the showdown
       *[settled] its end
    }.
refused-not_your_turn = It is position { $actor }'s turn, not position { $pos }'s (TR-21).
refused-not_in_hand = Position { $pos } is not in the hand.
refused-own_turn = Position { $pos } is the player to act: what he does is in turn; enter it as his own action.
refused-no_turn_to_come = Position { $pos } has no action to come in this round (folded, all in, or no one left to bet against him): nothing he does is an action out of turn.
refused-fold_to_actor = Position { $pos } is the player to act: enter his own action ("folds to" names a later player).
refused-cannot_act = Position { $pos } cannot act in this round (folded, or all in): "folds to" names a player still to act.
refused-hole_card_count = Position { $pos } is due { $due } more hole cards; { $got } were dealt.
refused-board_card_count = { $street ->
        [preflop] Preflop
        [flop] The flop
        [turn] The turn
        [river] The river
        [third] Third street
        [fourth] Fourth street
        [fifth] Fifth street
        [sixth] Sixth street
       *[seventh] Seventh street
    } takes { $due } more board cards; { $got } were dealt.
refused-seen_in_stub = Card { $card } was seen in the stub (a premature card put back, TR-3.3): it is no player's card.
refused-card_in_play = Card { $card } is already in play.
refused-cannot_check = Position { $pos } cannot check: { $call } is due to call (NOB-13, NOB-14).
refused-raise_below_minimum = A raise to { $got } is below the minimum: the allowed range is { $min } to { $max } ({ $rule }).
refused-raise_above_maximum = A raise to { $got } is above the maximum: the allowed range is { $min } to { $max } ({ $rule }).
refused-put_in_above_stack = Position { $pos } put in { $got } chips but has { $stack }: up to { $stack }.
refused-show_count = Position { $pos } may show 1 to { $most } of his cards; got { $got }.
refused-not_in_showdown = Position { $pos } is not due to show or muck.
refused-uncalled_show_whole = Position { $pos } won with no one calling: he shows his whole hand ({ $due } cards) or nothing (TR-3.7).
refused-last_live_hand = Position { $pos } holds the last live hand and wins the pot: it cannot be mucked (TR-3.6).
refused-all_in_showdown = Position { $pos } cannot muck: a player is all in, so every live hand is turned up (TR-3.6).
refused-show_whole = Position { $pos } opens his whole hand at the showdown: { $due } cards, each named; got { $got } (TR-11).
refused-not_dealt_card = { $card } is not one of position { $pos }'s cards: he was dealt { $dealt } (TR-11; the floor corrects a wrong record, TR-26).
refused-short_call = A short call by position { $pos } is less than the { $call } due; got { $got } (GCB-3).
refused-fold_not_retrievable = Position { $pos }'s fold cannot be taken back: only his fold in turn, while nothing has happened since (GCB-8).
refused-deal_order = The next card goes to position { $next }, not position { $pos }: cards go round from the first seat left of the button.
refused-not_payable = { $to } cannot be paid in the chips in play: a bet is a multiple of { $unit } (TR-15).
refused-bring_in_due = Position { $pos } brings it in: the bring-in of { $bring_in } or a completion to { $complete } (TDA-RP-10).
refused-no_bring_in_due = Position { $pos } cannot post a bring-in: none is due now.
refused-fixed_limit = In fixed limit position { $pos } bets or raises to exactly { $to }, not { $got }.
refused-up_card_unknown = Position { $pos }'s card { $index } is dealt face up and must be named.
refused-stud_card_count = Position { $pos } is due { $due } more cards on { $street ->
        [third] third street
        [fourth] fourth street
        [fifth] fifth street
        [sixth] sixth street
       *[seventh] seventh street
    }; { $got } were dealt.
refused-too_young = Player { $player } is { $age }; players must be { $min } or older (TR-0a).
refused-already_registered = Player { $value } is already registered.
refused-too_few_players = The tournament needs at least 2 players; { $value } are registered.
refused-no_table = There is no table { $value }.
refused-no_player = There is no player { $value }.
refused-break_pending = Table { $value } is breaking: its players draw their new seats first (TR-17).
refused-race_due = Table { $table } races its { $denomination }s first: no hand starts while a chip race is due (TR-15).
refused-on_break = The break after level { $after } is on; hands start again when it ends (TR-5).
refused-time_backwards = A command at { $at } s is earlier than the latest recorded time, { $head } s: time only moves forward.
refused-hidden_chips = Hidden chips: the floor names the chips found, 1 to { $stack }; got { $got } (TR-20).
refused-no_level = There is no level { $got }: levels 1 to { $levels } (TR-5).
refused-seat_taken = Seat { $seat } at table { $table } is not free; free seats there: { $free }.
refused-reason = The floor gives a reason, 1 to { $max } characters; got { $got } (TR-26).
refused-stack_count = A counted stack is 1 to { $max } chips and differs from the { $was } on record; got { $got } (TR-26).
refused-balancing_pause = The tables differ by two or more: play pauses until players are moved (PLO-2).
refused-table_held = Table { $value } is held by the floor: no hand starts until it is released (TR-26).
refused-burn_unsaid = Say whether the street's burn was dealt before the premature cards (TDA-RP-5 D).
refused-button_not_drawn = Table { $table }'s first hand needs the button's draw first ({ $rule }).
refused-table_moved_on = The table moved on since this page showed it: the page shows it as it stands now; look, then tap again.
refused-role = { $sender ->
        [dealer] The dealer of table { $table }
       *[floor] The floor
    } may not enter “{ $command }”{ $at ->
        [none] {""}
       *[other] {" "}at table { $at }
    }: it needs { $needs ->
        [dealer] the dealer of its table, the floor or the director
        [floor] the floor or the director
       *[director] the director
    }.
refused-not_in_person = Only a guest who reports in person to the table chief goes on the list; no phone entries (GCB-9).
refused-already_listed = Guest { $guest } is already on the { $game } list, at place { $place } (GCB-9).
refused-not_listed = Guest { $guest } is not on the { $game } list (GCB-9).
refused-not_first_on_list = Seats are offered in list order; first on the { $game } list: guest { $first } (GCB-9).
refused-no_game = There is no game { $value }; the games are: { $value2 }.
refused-table_closed = Table { $value } is not open.
refused-table_open = Table { $value } is already open.
refused-side_table_not_due = Table { $table } opens when the main table { $main } is full ({ $seated } of { $seats } seated) and { $needed } guests wait ({ $waiting } do) (GCB-10).
refused-no_seat = Seat { $seat } at table { $table }: the seats are 1 to { $seats } (GCB-12).
refused-already_seated = Guest { $guest } already sits at table { $table }, seat { $seat }.
refused-no_direct_change = Nobody changes from the main table { $main } to table { $table } directly; he stands up, and after { $minutes } minutes may sit at a side table (GCB-10).
refused-side_table_wait = Guest { $guest } stood up from the main table; he may sit at a side table from { $from } s (now { $now } s) (GCB-10).
refused-main_table_by_must_move = While side table { $side } plays, main-table seats go to its players by the must-move list (GCB-10).
refused-not_seated = Guest { $value } is not seated.
refused-name_needed = A new guest needs a name (1 to 100 characters).
refused-cash_buy_in = A buy-in is { $min } to { $max }; got { $got } (GCB-7).
refused-not_busted = A rebuy needs the stack lost; guest { $guest } has { $stack } in front: add chips between hands instead (GCB-7).
refused-short_rebuy_used = The one rebuy below the table stake is used; a rebuy now is { $min } at least (GCB-7).
refused-no_add_after_short_rebuy = After a rebuy below the table stake no money is added between hands (GCB-7).
refused-add_to_empty = Guest { $guest } has lost his stack: that is a rebuy (GCB-7).
refused-add_during_hand = No money is added during a hand; guest { $guest } is in the hand at table { $table } (GCB-13).
refused-take_off_table = The table stake stays on the table while he plays; guest { $guest } may leave with all of it between his hands (GCB-13).
refused-in_hand = Guest { $guest } is in the hand at table { $table }; he leaves when it is over (GCB-13).
refused-amount = Chips added between hands: { $got } is outside 1 to { $max } (GCB-13).
refused-removed = Guest { $value } was removed from the poker area (GCB-1).
refused-day_over = Guest { $value } refused to move; his day is over (GCB-10).
refused-same_seat = A seat change is to another free seat at the same table (GCB-6).
refused-text = A reason or ruling of 1 to { $max } characters; got { $got }.
refused-button_needed = The first hand at table { $value } needs the button's seat from the floor's draw.
refused-button_placed = The button was placed by the first hand's draw; table { $value } moves it by the rules.
refused-too_few_players_at_table = A hand needs two players dealt in; { $value } can play at this table (GCB-12).
refused-hand_in_progress = A hand is in progress at table { $value }.
refused-no_hand = No hand in progress at table { $value }.
refused-nothing_to_take_back = There is no entry to take back at table { $value }: only the hand's last entry, once, while nothing has followed it.
refused-no_last_hand = No finished hand at table { $value } (cards are shown after a hand, before the next).
refused-seat_taken_at_table = Seat { $seat } at table { $table } is taken.
refused-deal_forbidden = No deal: the club's tournament rules disqualify agreements among players ({ $rule }).
refused-deals_off = This tournament's profile allows no deals (the house's policy).
refused-deal_pending = A deal is on the table: every player agrees to it, or one declines it, first.
refused-no_deal_pending = There is no deal on the table: the director proposes one.
refused-deal_agreed_already = The deal is agreed: its figures are the prizes.
refused-deal_in_hand = A deal is made between hands: table { $table } is playing a hand.
refused-deal_no_prizes = The profile publishes no payout: a deal has no prizes to share.
refused-deal_left_to_play = What is kept back to play for is at most first place's prize ({ $max } cents); got { $got } cents.
refused-not_in_deal = Player { $player } is not one of the deal's players.
refused-already_agreed = Player { $player } has already agreed to the deal.
refused-deal_stale = The stacks moved since the deal was proposed: the director proposes it again.
refused-no_prize = Player { $player } has no prize: his place is not final or not paid ({ $paid } places are paid).
refused-prize_paid_already = Player { $player }'s prize, { $cents } cents, is paid already.
refused-freeze_out = This tournament is a freeze-out: nobody enters after the start.
refused-entries_over = Late registration and re-entry ran until the end of level { $until_level }; level { $level } is playing.
refused-entry_draw = A new entry draws one of the { $seats } free seats at the tables with the fewest players; the draw { $got } is not one of them (0 is the first).
refused-entry_draw_needed = A late registration draws its seat: one of the { $seats } free seats at the tables with the fewest players.
refused-tables_full = Every table is full: a new entry waits for a seat.
refused-reentry_limit = Player { $player } has had his { $max } re-entries.
refused-not_out = Player { $player } is still in: a re-entry is bought once out, while entries are open.
refused-disqualified_no_entry = Player { $player } was disqualified: no new entry (TR-28).
refused-surrendered_no_entry = Player { $player } surrendered (TDA rule 8B): no new entry.
refused-no_rebuys = This tournament has no rebuys.
refused-rebuys_over = The rebuy period ran until the end of level { $until_level }; level { $level } is playing.
refused-no_double_rebuy = This tournament allows no double rebuy.
refused-rebuy_limit = Player { $player } has made { $had } of his { $max } rebuys (a double rebuy counts two).
refused-rebuy_above = Player { $player } has { $stack } chips: a rebuy is made with { $threshold } or fewer.
refused-seat_gone = Player { $player }'s seat is taken or his table broke: he takes a new seat by a re-entry.
refused-no_add_on = This tournament has no add-on.
refused-add_on_not_now = The add-on is taken in level { $level } (after the rebuy period, its break included); level { $now } is playing.
refused-added_on_already = Player { $player } has taken the add-on already: once a player.

# "Not possible now": each of the tournament's reasons, by its words (refusal code `not_now`).
# `crates/web/src/words.rs` finds it by a slug of the English words; a test holds every
# reason the engine gives to a message in both languages.
refused-not_now-a-deal-is-made-while-the-tournament-is-played = That is not possible now: a deal is made while the tournament is played.
refused-not_now-a-hand-is-in-progress-at-this-table = That is not possible now: a hand is in progress at this table.
refused-not_now-fewer-than-two-players-at-the-table = That is not possible now: fewer than two players at the table.
refused-not_now-its-players-do-not-fit-into-the-free-seats-at-the-other-tables = That is not possible now: its players do not fit into the free seats at the other tables.
refused-not_now-levels-go-by-each-table-s-orbits-here-nob-9-there-is-no-level-clock = That is not possible now: levels go by each table's orbits here (NOB-9): there is no level clock.
refused-not_now-no-chip-race-is-due = That is not possible now: no chip race is due.
refused-not_now-no-finished-hand-at-this-table-cards-are-shown-after-a-hand-before-the-next = That is not possible now: no finished hand at this table (cards are shown after a hand, before the next).
refused-not_now-no-hand-in-play-at-this-table-a-finished-hand-s-pot-is-pushed-and-the-director-rules-on-it-tr-26 = That is not possible now: no hand in play at this table: a finished hand's pot is pushed, and the director rules on it (TR-26).
refused-not_now-no-hand-in-progress-at-this-table = That is not possible now: no hand in progress at this table.
refused-not_now-no-move-or-break-is-due-at-a-table-between-hands-tr-17 = That is not possible now: no move or break is due at a table between hands (TR-17).
refused-not_now-nobody-is-to-act = That is not possible now: nobody is to act.
refused-not_now-only-a-registered-or-waiting-player-without-a-seat-is-seated = That is not possible now: only a registered or waiting player without a seat is seated.
refused-not_now-registration-is-closed-once-the-tournament-starts = That is not possible now: registration is closed once the tournament starts.
refused-not_now-something-has-followed-the-last-entry-at-this-table-the-floor-corrects-it-with-a-ruling-tr-26 = That is not possible now: something has followed the last entry at this table: the floor corrects it with a ruling (TR-26).
refused-not_now-that-table-is-not-due-to-break-tr-17-the-table-with-the-lowest-number-breaks = That is not possible now: that table is not due to break (TR-17: the table with the lowest number breaks).
refused-not_now-the-button-has-not-been-placed-at-this-table-the-button-draw-comes-first-tr-2 = That is not possible now: the button has not been placed at this table: the button draw comes first (TR-2).
refused-not_now-the-chips-go-to-another-player-at-the-same-table = That is not possible now: the chips go to another player at the same table.
refused-not_now-the-chips-in-play-would-pass-the-limit = That is not possible now: the chips in play would pass the limit.
refused-not_now-the-flight-s-bounty-money-does-not-add-up-or-would-pass-the-limit = That is not possible now: the flight's bounty money does not add up, or would pass the limit (what was won there, the heads bagged and those no one won must make its money).
refused-not_now-the-clock-is-paused-already = That is not possible now: the clock is paused already.
refused-not_now-the-clock-is-running = That is not possible now: the clock is running.
refused-not_now-the-level-clock-runs-from-the-tournament-s-start-to-its-end-tr-5 = That is not possible now: the level clock runs from the tournament's start to its end (TR-5).
refused-not_now-the-player-has-no-seat = That is not possible now: the player has no seat.
refused-not_now-the-player-is-dealt-into-the-hand-in-progress-remove-him-after-it = That is not possible now: the player is dealt into the hand in progress; remove him after it.
refused-not_now-the-player-is-not-in-play = That is not possible now: the player is not in play.
refused-not_now-the-player-s-table-is-in-a-hand-the-floor-acts-between-hands = That is not possible now: the player's table is in a hand: the floor acts between hands.
refused-not_now-the-table-is-held-already = That is not possible now: the table is held already.
refused-not_now-the-table-is-in-a-hand-it-breaks-between-hands = That is not possible now: the table is in a hand: it breaks between hands.
refused-not_now-the-table-is-not-held = That is not possible now: the table is not held.
refused-not_now-the-tournament-has-started = That is not possible now: the tournament has started.
refused-not_now-the-tournament-is-not-running = That is not possible now: the tournament is not running.
refused-not_now-the-add-on-is-for-a-player-still-in = That is not possible now: the add-on is for a player still in.
refused-not_now-only-a-player-still-in-surrenders = That is not possible now: only a player still in surrenders.
refused-not_now-the-tournament-is-over = That is not possible now: the tournament is over.
refused-not_now-seats-are-drawn-at-the-start-a-registration-before-it-draws-none = That is not possible now: seats are drawn at the start: a registration before it draws none.
refused-not_now-the-tournament-is-over-only-a-ruling-a-prize-paid-out-an-envelope-owed-or-cards-shown-after-the-last-hand-are-recorded-now = That is not possible now: the tournament is over: only a ruling, a prize paid out, an envelope owed or cards shown after the last hand are recorded now.
refused-not_now-there-is-no-entry-to-take-back-at-this-table-only-the-last-entry-of-a-hand-in-play-once = That is not possible now: there is no entry to take back at this table (only the last entry of a hand in play, once).
refused-payout_shares = A payout is each paid place's percent of the prize pool, above 0, first place first, adding up to 100, for 1 to { $max } places (none: no payout). Given: { $got } (NOB-16).
refused-payout_decided = The payout stands: place { $place } is decided, and the payout in force pays { $paid } places, the new one { $new } (NOB-16).
refused-no_envelope_owed = No envelope is owed for player { $player }: an envelope is drawn for a player knocked out after the envelopes were filled (owed now for players: { $owed }).
refused-envelope_draw = An envelope is drawn from the { $envelopes } left; the draw { $got } is not one of them (0 is the first).
refused-no_flight = This tournament is no flight: only a Day 1 flight ends with its players bagging their chips.
refused-no_day2 = This tournament is no Day 2: only a Day 2 imports flights.
refused-flight_hand_in_play = A flight ends between hands: table { $table } is playing hand { $hand }.
refused-flight_entries_open = Entries are open until the end of level { $until_level }: the flight ends after they close (level { $level } is playing).
refused-flight_imported_twice = The flight on chain { $chain } has been imported already.
refused-flight_of_another_event = The flight on chain { $chain } feeds the event { $got }; this Day 2 is the event { $event }.
refused-flight_bounty_differs = The flight on chain { $chain } plays another bounty than this Day 2: the flights and Day 2 play the event's bounty (the profile's bounty).
refused-no_flights_imported = Day 2 starts with the players of its flights: import the flights first.
refused-flight_chips_carried = Table { $table } carries { $chips } chips to its next hand: the flight ends after that hand, when every chip is in a stack.
refused-cards_decide = Every board card was entered: the showdown is judged from the cards shown, not awarded by the dealer (TR-3.6, TR-11).
refused-no_such_pot = There is no pot { $pot }: the hand has { $pots } (0 is the main pot).
refused-pot_already_awarded = Pot { $pot } is awarded already.
refused-no_winner_named = Name the winner of pot { $pot }: one player, or those who split it.
refused-not_eligible = Position { $pos } cannot win pot { $pot }: he has no live hand in it (folded or mucked, or he did not put in enough for it), or he is named twice (TR-3.6).

## Refusals whose reason was free text before (issue 35: every word in both languages).
refused-buy_in = Buy-in { $got } is not offered; the buy-ins are { $offered } (TR-0b).
refused-time = A time of { $got } s into the tournament is out of range: 0 to { $max } s.
refused-clock_adjust = The clock can be given back at most the { $add } s played of the level in force { $take ->
    [none] and moved on without limit
   *[other] and moved on at most its { $take } s left
} (TR-5); got { $got } s.
refused-table_choice = { $players } players start on { $allowed } tables ({ $rule }); got { $got }.
refused-button_draw = The button's draw at table { $table }: { $why } ({ $rule }).
refused-no_show = Player { $player } cannot be removed as a no-show: { $why } ({ $rule }: after { $limit } seconds).
refused-nothing_to_correct = Nothing can be corrected at this table now: the hand's last change was no dealer's entry (a ruling, the clock, a player acted for); the director rules (TR-26).
refused-entry_out_of_range = This hand's entries that can be corrected are { $first } to { $last }; got { $got } (TR-26).
refused-table_changed_since = A player at the table went away, came back or is under a penalty since: the hand cannot be played again as entered; the director rules (TR-26).
refused-not_a_betting_entry = Entry { $entry } is "{ $command }": only a betting action (fold, check, call, bet, raise) is corrected this way; wrong cards are corrected as cards (TR-26).
refused-entry_says_that = Entry { $entry } already says that (TR-26).
refused-fold_not_retrieved = Entry { $entry } is a fold: it is corrected only when the player's cards were retrieved, unseen by anyone (GCB-8).
refused-correction_itself_refused = The correction itself is refused: { $why }
refused-hand_over_before_entry = After the correction the hand is over before entry { $entry } ("{ $command }"): it no longer stands; the director rules (TR-26).
refused-entry_no_longer_stands = After the correction, entry { $entry } ("{ $command }") no longer stands: { $why } The director rules (TR-26).
refused-levels_not_begun = Only levels not yet begun can be changed: from level { $first } to { $last } (one past the last adds levels), with at least one level; got from { $from } with { $levels } levels (level { $current } is in force) (TR-5).
refused-too_many_levels = A schedule holds at most { $most } levels; this would make { $total } (TR-5).
refused-level_minutes = Level { $level }: 1 to { $most } minutes (none: the profile's { $default_minutes }); got { $minutes } (TR-5).
refused-break_not_begun = Only a break not yet begun: after level { $current } to { $last } (level { $current } is in force), 0 (none) to { $most } minutes; got after level { $after }, { $minutes } minutes (TR-5).
refused-no_break_after = There is no break after level { $after } to take out (TR-5).
refused-schedule_problem = The levels after this change do not make a schedule: { $problem } (TR-5).
refused-reserved_before_start = Tables are reserved before the start; a late registration draws its seat (PLO-3).
refused-every_table_drawn = This tournament draws every table (TR-1): there are no reservations (PLO-3).
refused-no_seat_to_reserve = A reservation names a table 1 to { $tables } with a seat left ({ $seats } a table); table { $table } has { $there } (PLO-3).
refused-hand_in_play = a hand is in play; the button is drawn before the table's first hand
refused-table_has_played = the table has played; after its first hand the button moves one seat each hand (TR-9)
refused-one_card_a_seat = each player at the table draws one card: one card for each of seats { $occupied }; got seats { $drawn }
refused-has_been_there = the player has been at the table since the start
refused-too_early = it is { $now } seconds after the start
refused-no_seat_to_free = the player has no seat
refused-not_a_permutation = The seat draw must give each of the { $players } players one seat card, each once.
refused-no_tables = There must be at least one table.
refused-overfull = More players reserved a table than its { $seats } seats.
refused-bad_button_draw = The button's draw needs one card per seated player, all different.
refused-seat_beyond_table = The draw gives a seat beyond the table.
refused-every_player_draws = Before the table's first hand every player at it draws one card: one card for each of seats { $seats } (NOB-10).
refused-break_draw = The break draw gives each of the { $leaving } leaving players a different free seat, 0 to { $last } (TR-17); got { $got }.
refused-players = A deal needs 2 to 20 players left; got { $got }.
refused-no_chips = Every player in a deal holds chips; player { $player } (in the order given) holds none.
refused-prizes = { $prizes } prizes for { $players } players: a deal shares the prizes of the places still to be paid, at most one a player.
refused-order = The prizes are paid best place first: place { $place } pays more than place { $better }.
refused-too_large = The chips or prizes are too many to add up.
refused-denomination = The chip race (TR-15.3) has no exchange for { $value }s.
refused-cards = The race needs one card per odd chip ({ $needed }); { $got } were dealt (TR-15).
refused-duplicate_card = A card was dealt twice in the race (TR-15).
refused-player_count = A hand needs 2 to { $max } players; got { $got }.
refused-setup_length = The hand's forced bets name { $got } positions; the hand has { $players }.
refused-zero_minimum_bet = The minimum bet must be at least 1.
refused-zero_chip_unit = The chip unit must be at least 1.
refused-cannot_raise = Position { $pos } cannot bet or raise: { $reason } ({ $rule }).
refused-chips_out_of_range = The stacks and the chips carried add up to { $got }, more than a hand can count ({ $max }).
refused-stud_player_count = A stud table seats 2 to { $max } players; got { $got }.
refused-stud_limits = The limits must rise: a bring-in of 1 or more below the small bet ({ $small_bet }), and the small bet at most the big bet ({ $big_bet }); got a bring-in of { $bring_in }.
refused-stud_fixed_limit = Seven-card stud is played fixed limit: the rules name its bring-in, small bet and big bet (TDA-RP-10).
refused-stud_remedy = Position { $pos }: { $reason } (TDA-RP-10).
refused-premature_count = Name the cards of the next street dealt too early: 1 to { $most } (one per player); got { $got } (TDA-RP-5 D).
refused-other_game = "{ $what }" belongs to another game; this table plays { $other }.
refused-short_all_in_reopens_nothing = an all-in short of a full raise does not reopen the betting
refused-raises_capped = the raises of this round are capped
refused-acted_facing_short_all_in = the player already acted and faces less than a full raise
refused-stack_covers_a_call = the stack only covers a call
refused-nobody_left_to_call = every other player has folded or is all in
refused-up_card_dealt = his up card is dealt already: the floor decides (TR-26)
refused-not_a_down_card = the exposed card is not one of his down cards
refused-not_the_seventh_card = the exposed card is not his seventh-street card
refused-away_already = Guest { $guest } is { $away ->
    [true] away already
   *[other] at the table
}.
refused-not_called = Guest { $guest } is not called to move; { $called ->
    [none] nobody is
   *[other] guest { $called } is
} (GCB-10).
refused-move_seat = The move goes to a free seat at the main table { $main } (GCB-10).
refused-cash_time_backwards = Time { $at } s is before the last command's { $latest } s; time only moves forward.
refused-no_straddle_in_game = This game has no straddle (GCB-5).
refused-heads_up_no_straddle = Heads-up there is no player under the gun: no straddle (GCB-5).
refused-member_bad_id = "{ $value }" cannot be a member number: 1 to 32 letters, digits, - or _.
refused-member_bad_text = The text must be 1 to 200 characters, not only spaces.
refused-member_exists = Member { $value } exists already.
refused-member_unknown = There is no member { $value }.
refused-member_merged_away = Member { $value } was merged into { $value2 }; use { $value2 }.
refused-member_self_merge = A member cannot be merged into himself ({ $value }).
refused-member_bad_birth_date = A birth date must lie before { $day } and after 1900-01-01; got { $born }.
refused-member_not_barred = Member { $value } is not barred.
refused-member_bad_rule = A ban's rule is GCB-1 (removed from a cash table) or TR-28 (disqualified); got { $value }.
refused-member_barred = Member { $member } is barred{ $until ->
    [none] {""}
   *[other] {" "}until { $until }
}: { $reason } (lifted only by the floor, with a reason).
refused-member_too_young = Member { $member } is { $age } on { $day }; the minimum age is { $min } (TR-0a).
refused-no_clock_runs = No clock runs at table { $table } (TR-19).
refused-clock_runs = The clock on player { $player } at table { $table } still runs: { $left } s left (TR-19).
