# The director's desk at a tournament.
director-clock = The clock
director-left = { $time } left
director-left-running = left:
director-pause = Pause the clock
director-resume = Resume the clock
director-minute-more = One minute more
director-minute-less = One minute less
director-end-break = End the break: level { $level } starts
director-next-level = Go to level { $level }
director-start = The start and the seat draw
director-registered = { $count ->
    [one] One player registered to be seated.
   *[other] { $count } players registered to be seated.
}
director-draw-how = Either the page draws the seats at random (it fills the seat cards into the start below, one per player in registration order), or type the seat cards as the players drew them by hand. The draw is recorded with the start; the seat slips can be printed after it.
director-draw = Draw the seats at random
director-slips = Print the seat slips of the draw
director-levels = Levels to come
director-levels-save = Change the levels to come
director-levels-none = Every level has begun: none is left to change.
director-col-level = Level
director-col-small = Small blind
director-col-big = Big blind
director-col-ante = Ante
director-col-minutes = Minutes
director-col-small-bet = Small bet
director-col-big-bet = Big bet
director-col-bring_in = Bring-in
director-field = Level { $level }: { $what }
director-prizes = Prizes
director-place = { $place }.
director-paid = paid out
director-pay = Pay out { $name }'s prize
director-all-paid = Every prize is paid out: the night is closed. The audit lists each payment.
director-payout = Payout
director-payout-pool = Prize pool: { $pool }
director-payout-how = Each place's percent of the prize pool, first place first, adding up to 100. Fill in the last row to pay one more place; empty a row to pay its place no more. The prizes beside show the pool as it stands.
director-payout-most = Places up to { $places } may still be paid: the places after are decided.
director-payout-field = Place { $place }: percent of the prize pool
director-payout-save = Set the payout
director-payout-none = No payout is published.
director-payout-locked = The payout stands: place { $place }, which it pays, is decided (NOB-16).
director-col-place = Place
director-col-percent = Percent
director-col-prize = Prize
director-signed = The record is signed up to its last entry, { $seq } (key { $key }): a copy kept now shows any later change.
director-signed-behind = The record is signed up to entry { $seq } of { $head } (key { $key }); the rest is signed with the next hand, break or payment.
director-unsigned = The record has no signed checkpoint yet.
director-payout-total = Total
director-payout-tables = The profile's payout follows the field:
director-payout-table = from { $entries } entries { $shares }
director-payout-standard = The standard payout: about { $percent } % of the entries paid, by weights 1, 1/2, 1/3, …: { $places ->
        [one] one place
       *[other] { $places } places
    } of { $entries } entries now. The director may set percents of his own instead.
