# The terminal pages: the dealer's table, the floor's and the director's desks, the cash room,
# the log-in page. German in ../de/terminal.ftl, message for message.

nav-pages = Pages
nav-room = Room
nav-clock = Clock
nav-seating = Seating
nav-standings = Standings
nav-floor = Floor
nav-director = Director
nav-dispute = Dispute
log-in = Log in
log-out = Log out
role-dealer = dealer of table { $table }
role-floor = floor
role-director = director
role-auditor = auditor

login-title = Log in
login-name = Name
login-password = Password
login-unknown = Name or password not known.
login-no-users = No users: start `floorbook web` with --users FILE.

desk-note-floor = These commands are the floor's. Log in as the floor to send them; anything else is refused and recorded as refused.
desk-note-director = These commands are the director's. Log in as the director to send them; anything else is refused and recorded as refused.

table-title = Table { $table }
hand-no = hand { $hand }
no-table = No table { $table } in play.
the-hand = The hand
player-at-seat = { $name } (seat { $seat })
col-seat = Seat
col-player = Player
col-guest = Guest
col-showing = Showing
col-stack = Stack
col-bet = Bet
col-chips = Chips
mark-button = the button
mark-small-blind = the small blind
mark-big-blind = the big blind
mark-sb = SB
mark-bb = BB
to-act = to act
out = out
all-in = all in
board = Board
none-yet = none yet
pot = pot
main-pot = main pot { $chips }
side-pot = side pot { $n }: { $chips }
take-back = Take back the last entry ({ $what })
deal-to = Deal to { $who }
next-card-up = the next card face up
next-card-down = the next card face down
dealt-face-down = Cards dealt face down
deal-seen = Deal seen cards
cards-seen = Cards seen
deal-these = Deal these
bring-in = Bring in { $amount }
fold = Fold
call = Call { $amount }
check = Check
check-around = Everyone checks
fold-to-call = calls { $amount }
fold-to-check = checks
fold-to-call-said = Everyone before seat { $seat } folds; seat { $seat } calls { $amount }
fold-to-check-said = Everyone before seat { $seat } folds; seat { $seat } checks
board-dealt-unseen = { $count ->
    [one] Card dealt (not entered)
   *[other] { $count } cards dealt (not entered)
}
award-how = the board was not entered; tap the winner of each pot as you read the hands
wins-pot = { $who } wins
split-among = Split among
split-pot = Split the pot
board-not-entered = { $count ->
    [one] 1 card not entered
   *[other] { $count } cards not entered
}
fold-to-here = acts
fold-to-here-said = Everyone before seat { $seat } folds; seat { $seat } is to act
col-folds-to = Folds to here, then
pad-least = least
pad-half-pot = ½ pot
pad-pot = pot
pad-all-in = all in
bet-to = Bet { $amount }
raise-to = Raise to { $amount }
complete-to = Complete to { $amount }
all-in-to = All in ({ $amount })
bet-or-raise = Bet or raise to
bet-or-raise-range = Bet or raise to ({ $low } to { $high })
deal-board = Deal the board
board-due = { $count ->
    [one] The next board card
   *[other] The next { $count } board cards
}
showdown = Showdown
show = Show
show-or-muck = Show or muck
cards-shown = Cards shown
cards-shown-stud = Cards shown: the down cards in the order dealt, or the whole hand
muck = Muck
hand-over = The hand is over.
remedies = Irregularities and remedies
entries = The hand's entries (the floor corrects one, TR-26)
tournament-over = The tournament is over.
won = { $name } (seat { $seat }) won { $chips }
start-hand = Start the next hand
button-seat-drawn = Button seat (the floor's draw)
straddle = Straddle under the gun (GCB-5)
button-draw = The button draw
button-draw-how = Each player draws one card; the high card takes the button (suits break a tie: spades, hearts, diamonds, clubs).
seat-of = Seat { $seat } · { $name }
record-draw = Record the draw
after-hand = After the hand, the chip race
seats = Seats
flag-away = away
flag-penalty = penalty
flag-waits-button = waits for the button
flag-waits-big-blind = waits for the big blind
flag-posts-to-come-in = posts a big blind to come in
flag-owes-small-blind = owes the small blind dead
flag-marker = missed-blind marker

guest-no = Guest { $guest }
must-move-called = Must move: { $name } to the main table { $table } (GCB-10).
waiting-list = Waiting list (GCB-9)
nobody-waits = Nobody waits.
must-move-list = Must-move list (GCB-10)
no-side-table = No side table plays.
main-table = main
closed = closed
in-a-hand = in a hand
markers = { $count ->
    [one] one missed-blind marker
   *[other] { $count } missed-blind markers
}
free = free

js-recorded = Recorded (entry { "{" }seq{ "}" })
js-refused = Refused
js-allowed = Allowed now
js-call = call
js-check = check
js-raise = bet or raise to
js-fold = fold
js-lost = Connection lost: this page shows the table as it last was, and takes no entry until the connection is back.
js-store = The record cannot be reached: this page takes no entry until it is back.
nav-hands = Hands
nav-audit = Audit
desk-due = Due now
desk-due-move = Move { $name } from table { $from } to table { $to }, seat { $seat }
desk-due-break = Break table { $table }: its players draw new seats
desk-due-draw = Table { $table } breaks: { $players ->
    [one] its player draws a seat
   *[other] its { $players } players draw their seats
} among { $free ->
    [one] the one free seat
   *[other] the { $free } free seats
} of the other tables (TR-17).
desk-draw-break = Draw the seats at random
desk-balance-now = Make the moves due
desk-tables = Tables
desk-between-hands = between hands
desk-held = held
desk-players = Players
desk-find = Find a player (name or number)
desk-where = Where
desk-at = table { $table }, seat { $seat }
desk-out = out, place { $place }
desk-waiting = not seated
desk-for-player = For the chosen player
desk-for-table = For a table
desk-other = Other
desk-open-table = the table (its hand and entries)
table-breaks-here = Table { $table } breaks (TR-17): no hand starts here. Its players draw their new seats at the floor's desk.
# What a form's number field allows now, shown beside it.
range-between = { $min } to { $max }
range-from = at least { $min }
desk-entries = Late registration and re-entry
desk-entries-open = Open until the end of level { $level }. A new entry gets a full stack and draws one of the { $seats } free seats at the tables with the fewest players; between the small blind and the button he waits for the button.
desk-draw-entry = Draw a seat at random
desk-entry-drawn = Drawn: table #T, seat #S. Now record the registration or the re-entry.
desk-out-may-reenter = out, may re-enter (placed when entries close)
desk-out-unplaced = out (placed when entries close)
desk-rebuys = Rebuys and add-on
desk-rebuys-open = The rebuy period runs until the end of level { $level }: a player with { $chips } chips or fewer rebuys between his table's hands; a player out keeps his seat.
desk-addon-now = The add-on now, once for each player still in: { $chips } chips.
desk-rebuys-only = Rebuys
desk-mystery = Mystery bounties
desk-mystery-later = The envelopes are filled when level { $level } starts, one for every player still in. Until then a knock-out wins no envelope.
desk-mystery-left = { $envelopes } envelopes left, { $amount } in all.
desk-mystery-owed = { $out } was knocked out by { $by }: an envelope is drawn.
desk-draw-envelope = Draw an envelope at random
desk-envelope-drawn = Drawn: envelope #E of those left, counted as the form counts (0 is the first). Now record the draw.
flight-ended = Flight { $day }: ended, { $entries } entries, { $left } players left
receipt-of-hand = Receipt of hand { $hand } for the players (QR code)
