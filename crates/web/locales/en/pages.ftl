# The room's pages: the big-screen clock, the seating chart, the standings.

level = Level { $level }
break-after = Break after level { $level }
orbits = Orbits
clock-paused = Clock paused
next-level = Next: { $blinds }
break-in = Break after level { $level } in { $time } ({ $minutes } min)
players = Players
players-of = { $left } of { $entrants }
average-stack = Average stack
prize-pool = Prize pool
wins-tournament = wins the tournament
prizes = Prizes
entrants = Entrants
table-breaking = Table { $table } is breaking: its players draw their new seats (TR-17).
moves-after = { $name } moves from table { $from } to table { $to } after this hand (TR-17).
move-due = Due: { $name } from table { $from } to table { $to } seat { $seat } (TR-17).
no-tables = No tables in play.
held = held
latest-moves = The latest moves
moved-line = : { $name } from table { $from } to table { $to }, seat { $seat }
player-no = Player { $player }
col-place = Place
col-prize = Prize
disqualified = disqualified
