# The cash room's desk and its waiting-list board.
nav-board = Waiting-list board
cash-board = Waiting lists
cash-next = Next up
cash-stakes = Blinds { $small }/{ $big } · table stake { $stake }
cash-stakes-max = Blinds { $small }/{ $big } · table stake { $stake } · at most { $max }
cash-offer-seat = Seat { $name } at table { $table }, seat { $seat } (table stake { $stake }; first on the list, GCB-9)
cash-offer-move = { $name } moves to the main table, seat { $seat } (must-move, GCB-10)
cash-offer-rebuy = { $name } has no chips: rebuy of { $stake } (GCB-7)
cash-offer-open = Open table { $table }: guests wait and every seat is taken (GCB-10)
cash-missed-blinds = missed blinds
cash-needs-rebuy = no chips: rebuy of at least { $stake }
cash-short-rebuy-taken = short rebuy taken
cash-board-free = { $count ->
    [0] No seat free
    [one] One seat free
   *[other] { $count } seats free
}
