# Der Desk des Cash-Game-Raums und seine Wartelisten-Tafel.
nav-board = Wartelisten-Tafel
cash-board = Wartelisten
cash-next = Als Nächstes
cash-stakes = Blinds { $small }/{ $big } · Table Stake { $stake }
cash-stakes-max = Blinds { $small }/{ $big } · Table Stake { $stake } · höchstens { $max }
cash-offer-seat = { $name } an Tisch { $table }, Platz { $seat } setzen (Table Stake { $stake }; Erster der Liste, GCB-9)
cash-offer-move = { $name } wechselt an den Haupttisch, Platz { $seat } (Must-Move, GCB-10)
cash-offer-rebuy = { $name } hat keine Chips: Rebuy über { $stake } (GCB-7)
cash-offer-open = Tisch { $table } eröffnen: Gäste warten und jeder Platz ist besetzt (GCB-10)
cash-missed-blinds = verpasste Blinds
cash-needs-rebuy = keine Chips: Rebuy über mindestens { $stake }
cash-short-rebuy-taken = kleiner Rebuy genommen
cash-board-free = { $count ->
    [0] Kein Platz frei
    [one] Ein Platz frei
   *[other] { $count } Plätze frei
}
