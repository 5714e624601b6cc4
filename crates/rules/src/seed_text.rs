//! The seeds' own words for each rule (German): the spec the English readings of the
//! catalogue are taken from. Excerpts of the five documents in the project's seeds, the
//! passage that decides each rule.

use crate::Rule;

impl Rule {
    /// The seed's own words for the rule (German), as the document says it.
    pub const fn seed_text(self) -> &'static str {
        match self {
            Rule::Tr0a => r#"Jeder Spieler muss das 18. Lebensjahr vollendet haben."#,
            Rule::Tr0b => {
                r#"Wenn keine andere Spielform angegeben ist, wird Texas Hold’em No Limit gespielt. Das Buy-In pro Einzelturnierveranstaltung beträgt -je nach Angebot- €0,00/€7,50/€ 12,00/€ 15,00. … Die Turniere werden im Freeze-Out Modus gespielt. Die Platzierung ergibt sich aus der Reihenfolge des Ausscheidens."#
            }
            Rule::Tr1 => {
                r#"Der Tisch wird durch Losentscheid beim Check-In zugewiesen. Der Sitzplatz wird durch Platzkarte vergeben."#
            }
            Rule::Tr2 => r#"Die Position des Dealer-Buttons wird durch High-Card bestimmt."#,
            Rule::Tr31 => {
                r#"Wird eine Hole Card eines Spielers beim Austeilen durch den Dealer versehentlich aufgedeckt, so ist diese als gebrannte Karte für den Flop zu benutzen und allen Spielern offen anzuzeigen. Der Spieler erhält am Ende des Verteilens aller Karten eine Neue."#
            }
            Rule::Tr32 => {
                r#"Dealer haben beim Austeilen von Flop, Turn und River jeweils eine Karte zu brennen. Sollte dieses versehentlich vergessen werden, wird die aktuelle Runde normal weitergespielt. Eine aufgedeckte Karte kann nicht mehr gebrannt werden."#
            }
            Rule::Tr33 => {
                r#"Sollte der Dealer den Flop versehentlich aufdecken, bevor jeder Spieler seine Aktion durchgeführt hat, so sind die aufgedeckten Karten in das Deck zurück zu geben und zu mischen. Der Flop wird anschließend neu aufgedeckt. Bei der Turn- und River Karte wird analog vorgegangen."#
            }
            Rule::Tr34 => {
                r#"Das Öffnen einer oder beider Hole-Cards während des Spiels ist verboten. Vorzeitiges Aufdecken gilt als gepasst."#
            }
            Rule::Tr35 => {
                r#"Werden gepasste Karten versehentlich oder absichtlich gezeigt, hat jeder Spieler das Recht, diese Karten einzusehen. Während der laufenden Runde ist dieses aus Gründen der Fairness zu unterlassen."#
            }
            Rule::Tr36 => {
                r#"Bei einem Showdown hat der Spieler als erster seine Karten aufzudecken, der als letzter einen Bet bzw. Raise angesetzt hat. Jeder weitere Spieler danach kann selbst entscheiden, ob er seine Karten aufdeckt oder sie verdeckt abgibt und somit die Runde „schenkt“. Bei einer All-In-Situation müssen alle Hole-Cards aufgedeckt werden."#
            }
            Rule::Tr37 => {
                r#"Ein Spieler der aufgrund eines Bet oder Raise einen oder mehrere SpielerInnen aus dem Pot drängt und die Runde somit für sich entscheidet, darf entscheiden ob er beide Karten, eine Karte oder keine Karten zeigt."#
            }
            Rule::Tr38 => {
                r#"Zeigt ein Spieler freiwillig nach beendeter Runde einem anderen Spieler seine Karten, so hat er in diesem Fall allen SpielerInnen seine Karten zu zeigen (Show one show all)."#
            }
            Rule::Tr4 => r#"Eine Runde beginnt mit dem Austeilen der ersten Karte."#,
            Rule::Tr5 => {
                r#"Die Blinds und Limits werden nach vorgegebenem Zeitplan gesteigert. Über weitere Erhöhungen und Zeitplanänderungen entscheidet die Turnierleitung. Wenn das Zeitlimit für eine Stufe abgelaufen ist und die neue Limitstufe angekündigt wurde, beginnt diese mit dem nächsten Spiel."#
            }
            Rule::Tr6 => {
                r#"Bei Abwesenheit eines Spielers werden Blinds vom Dealer aus dem Stack eingezogen. An den Platz des abwesenden Spielers werden die regulären Hole Cards ausgegeben. Die Hand des abwesenden Spielers gilt als gepasst, wenn er/sie, um im Spiel zu bleiben, einen Einsatz hätte bringen müssen. Sie gilt als gecheckt, wenn er/sie, um im Spiel zu bleiben, hätte checken können. Ist der Spieler zum Turnierstart abwesend, wird nach 10 Minuten Wartezeit der Platz und Stack von der Turnierleitung eingezogen. Damit gehen alle Ansprüche auf eine weitere Teilnahme an diesem Turnier verloren."#
            }
            Rule::Tr7 => {
                r#"Aufteilen von Chips, Absprachen unter Spielern oder Betrugsversuche führen zur sofortigen Disqualifikation der beteiligten Spieler."#
            }
            Rule::Tr8 => {
                r#"Ein Raise ist ein Call plus mindestens den Big-Blind bzw. die vorherige Erhöhung. Ein Re-raise ist mindestens so hoch wie der vorhergegangene Raise. Einzige Ausnahme ist die All-In Situation. Bei einem Raise muss der volle Betrag gesetzt werden oder erst der volle Betrag angesagt werden und kann dann stückweise in den Pot gegeben werden; oder mündlich „raise“ angesagt werden, dann der Betrag zum Callen in den Pot gesetzt werden und danach -um den Zug zu komplettieren- der Betrag des Raises in einer Summe in den Pot gelegt werden."#
            }
            Rule::Tr9 => {
                r#"Ein Spieler scheidet aus, sobald er keine Chips mehr hat. Im Turnierspielt wird ein „toter Button“ verwendet. Dies kann zum Beispiel dann zum Tragen kommen, wenn ein bzw. mehrere Spieler ausscheiden, die danach auf der Buttonposition gewesen wären. In einem solchen Fall verbleibt der Button dann bei dem Spieler vor dem leeren Sitzplatz. Ggfs. kann dabei auch ein alleiniger Big-Blind zum Tragen kommen."#
            }
            Rule::Tr10 => {
                r#"Es werden Side-Pots gespielt. Kommt es zum Showdown, müssen alle Spieler ihre Hole Cards aufdecken. All-In gilt automatisch, wenn der zu bringende Blind größer ist als der Stack."#
            }
            Rule::Tr11 => {
                r#"Alle Karten, die sich noch im Spiel befinden, werden geöffnet, wenn sich ein Spieler All-In befindet und keine weiteren Spielaktionen mehr möglich sind. Im Showdown muss der Spieler, der die letzte aktive Aktion gemacht hat auch als Erster seine Karten zeigen. Erfolgte kein Einsatz, muss der Spieler am Platz links vom Button seine Karten zuerst zeigen und dann immer so weiter im Uhrzeigersinn. In jeder Showdown-Situation haben alle involvierten SpielerInnen -die nicht ihre Karten mucken (wegwerfen)- beide Karten zu öffnen. Slowroll ist nicht zulässig!"#
            }
            Rule::Tr12 => {
                r#"Spieler sind verpflichtet zu jedem Zeitpunkt auf alle anderen Spieler im Turnier Rücksicht zu nehmen. In diesem Zusammenhang ist es Spielern -egal ob sie in der Hand sind oder auch nicht- untersagt:"#
            }
            Rule::Tr13 => {
                r#"Die Turnierleitung behält sich vor, die Blindstruktur oder Blindzeiten während des Turniers evtl. anzupassen. Chip-Race nach Stufe 5 (10'er & 50'er). (Blindstruktur: siehe Turnierregeln 13.)"#
            }
            Rule::Tr14 => {
                r#"Die Turnierleitung behält sich vor, die Blindstruktur oder Blindzeiten während des Turniers evtl. anzupassen. Chip-Race nach Stufe 3 (50'er)/Stufe 6 (100'er). (Blindstruktur: siehe Turnierregeln 14.)"#
            }
            Rule::Tr15 => {
                r#"Bedeutet: Bedeutet: Chips mit niedrigem Wert aus dem Spiel zu nehmen, da sie aufgrund der steigenden Blinds nicht mehr benötigt werden. Wird ein Chip-Race durchgeführt, werden alle Chips geringeren Wertes gegen Chips höheren Wertes eingetauscht. Wenn nicht alle Chips umgetauscht werden können, bekommt jeder Spieler für jeden Chip, der getauscht werden muss, eine Karte. Die höchste Karte gewinnt den jeweiligen Chip-Race. Der Chip-Race startet immer beim Spieler, der links vom Dealer-Button sitzt. 15.1 Chip-Race bei 1.500 Chips (Turbo) Das Chip-Race wird in Stufe 5 durchgeführt. In Stufe 5 werden alle nicht tauschbaren 10'er und 50'er ausgespielt. Für jeden 10'er bzw. 50'er den ein Spieler vor sich liegen hat, erhält dieser eine Karte. 15.2 Chip-Race bei 20.000 Chips (Deepstack) Das Chip-Race wird in den Stufen 3 und 6 durchgeführt. In Stufe 3 werden alle 50'er, in Stufe 6 alle 100'er ausgespielt. 15.3 Wertigkeiten nach Anzahl der ausgespielten Chips bis zehn 10'er = ein 100'er Chip über zehn 10'er = ein 500'er Chip bis zwei 50'er = ein 100'er Chip über zwei bis zehn 50'er = ein 500'er Chip über zehn 50'er = ein 1.000'er Chip bis zehn 100'er = ein 1.000'er Chip elf bis fünfzehn 100'er = ein 1.000'er Chip & ein 500'er Chip über fünfzehn 100'er = zwei 1.000'er Chips"#
            }
            Rule::Tr16 => {
                r#"Odd-Chips sind ungerade Chips. Bei Splitpots geht der ungerade also nicht zu teilende Chip immer zu der Hand, die sich auf der linken Seite des Dealer-Buttons befindet."#
            }
            Rule::Tr17 => {
                r#"Sobald zwischen zwei Tischen ein Unterschied von zwei Spielern entstanden ist, muss ein Spieler des stärker besetzten Tisches an den schwächer besetzten Tisch wechseln. Es wechselt der Spieler des stärker besetzten Tisches (bei mehreren gleich stark besetzten Tischen derjenige mit der höchsten Tischnummer) an den schwächer besetzten Tisch, der als übernächster den Big-Blind zu bringen hätte. Er wird rechts vom Dealer an den nächsten freien Platz gesetzt. Bei Small-Blind oder Big-Blind Position wird der neue Spieler bis zum Dealer-Button vom Spiel ausgelassen. Sobald jeweils so viele Spieler ausgeschieden sind, wie bei Turnierbeginn an einem Tisch begonnen haben, wird der Tisch mit der jeweils niedrigsten Tischnummer aufgelöst, indem die Spieler durch Losentscheid den freien Plätzen der restlichen Tische zugeführt werden."#
            }
            Rule::Tr18 => {
                r#"Das Auswechseln des Kartendecks wird nach den eigenen Hausregeln durchgeführt. Spieler können kein Auswechseln des Kartendecks verlangen."#
            }
            Rule::Tr19 => {
                r#"Wenn eine akzeptable Zeit verstrichen ist und es wird nach einer clock (Uhr) verlangt, wird dem betreffenden Spieler maximal 30 Sekunden in Turbos und maximal 1 Minute Zeit beim Deepstack gegeben, um seine Entscheidung zu treffen. Ist nach dem Ablauf dieser Minute immer noch keine Entscheidung vom Spieler getroffen worden, erfolgt ein zehnsekündiger Countdown. Hat der Spieler dann immer noch nicht reagiert, wird seine Hand für tot erklärt. Die Blindzeit wird nicht angehalten."#
            }
            Rule::Tr20 => {
                r#"Alle Chips müssen zu jedem Zeitpunkt zu sehen sein. Ein Spieler darf keine Chips vom Tisch entnehmen, diese so halten oder einstecken, dass sie nicht mehr sichtbar wären oder sie in einer sonstigen Art und Weise verbergen. Sollte ein Spieler dies dennoch tun, verfallen diese Chips und werden aus dem Spiel genommen. Jeder Spieler muss seine höherwertigen Chips zu jedem Zeitpunkt sichtbar platziert haben und darf diese nicht z.B. unter wenigerwertigen verdeckt halten, um andere Mitspieler zu täuschen. Der Spieler riskiert für ein solches Verhalten eine Verwarnung oder Disqualifikation."#
            }
            Rule::Tr21 => {
                r#"Erklärungen eines Spielers, wie z.B. solche über Wertigkeiten seiner Hand, sind nicht bindend. Jedoch dürfen solche Erklärungen nicht für einen Missbrauch verwendet werden und wären in einem solchen Fall durch eine Verwarnung zu ahnden. Mündliche Aussagen, die getroffen werden, während ein Spieler an der Reihe ist, sind bindend. Mündliche Aussagen, die getroffen werden, während der Spieler noch nicht an der Reihe ist, sind bindend auch wenn sich die Situation des Spiels dadurch verändert."#
            }
            Rule::Tr22 => {
                r#"Sollte ein Kartengeber versehentlich die ungeschützte Hand eines Spielers einziehen, so hat der betroffene Spieler keinen Anspruch auf Entschädigung und er erhält auch seinen Einsatz nicht zurück. Sollte der Spieler jedoch geraist haben und der Raise ist noch nicht gecallt worden, erhält er seinen Einsatz für diesen Raise zurück."#
            }
            Rule::Tr23 => {
                r#"Ohne das ein Raise angesagt wurde, gilt ein oversized Chip, also ein Chip, der einen größeren Wert hat, als es für ein Call erforderlich wäre, nicht als Raise sondern als Call. Wenn ein Spieler einen oversized Chip in den Pot wirft und ein Raise ansagt, allerdings nicht die Höhe des Raise bekannt gibt, hat der Raise eine Höhe des erlaubten Maximums bis zum Wert des betreffenden Chips. Nach dem Flop wird ein Bet mittels eines oversized Chip ohne Ansage immer in der vollen Höhe seines Wertes gerechnet. Wenn ein Raise mittels eines oversized Chip durchgeführt wird, muss dieser immer angesagt worden sein, bevor der Chip die Oberfläche des Tisches berührt hat."#
            }
            Rule::Tr24 => {
                r#"Pokern ist ein individiuelles Spiel. Ein sogenanntes Soft-Play wird mit dem Einziehen von Chips oder mit Verwarnung geahndet (Soft-Play liegt z.B. vor, wenn ein Spieler absichtlich nicht spielt, um einem anderen Spieler einen Vorteil zu verschaffen). Offensichtliches Chipdumping, also das absichtliche Zuspielen von Chips zu einem anderen Spieler wird mit Disqualifikation geahndet."#
            }
            Rule::Tr25 => {
                r#"Bleiben zwei Spieler beim Heads-Up übrig, so hat der Dealer-Button den Small Blind und ist in erster Position und spricht somit zuerst. Die erste Karte erhält der Big-Blind."#
            }
            Rule::Tr26 => {
                r#"Kommt es im Turnier zu Situationen, die nicht in der Turnierordnung beschrieben sind, wird die Turnierleitung immer eine Entscheidung treffen, die durch den Grundsatz der Fairness geprägt ist. Diese Entscheidung ist endgültig."#
            }
            Rule::Tr27 => {
                r#"Negativ auffallende Personen wie z.B. Streitsüchtige oder Betrunkene können vom Turnier ausgeschlossen werden. Wir haben Verständnis dafür, dass Adrenalin unterwegs ist und es manchmal ärgerlich sein kann mit den besseren Karten vom Tisch zu gehen. Trotzdem bitten wir jeden, auf seine Wortwahl zu achten. Unsere Dealer und Floormen sind dazu angehalten darauf zu achten und wenn nötig Verwarnungen auszusprechen. Bei wiederholter Verwarnung schließen wir solche SpielerInnen vom Turnier aus. Die Tischsprache ist Deutsch. Jede Zuwiderhandlung gegen diese Turnierregeln kann mit Ausscheiden vom Turnier geahndet werden. Bei Ausschluss vom Turnier erfolgt keine Rückzahlung des geleisteten Buy-In (Unkostenbeitrag)."#
            }
            Rule::Tr28 => {
                r#"Die Floormen können nach Rücksprache mit ihren Dealern Verwarnungen und Strafen aussprechen. Wir versuchen jede Situation fair, diplomatisch und gerecht zu lösen. Darum geben wir Euch hierzu eine Richtung vor. Wer nach zwei Verwarnungen ein weiteres Mal auffällig wird, erhält eine Zeitstrafe von 15 Minuten. Der betroffene Spieler muss dann für diesen Zeitraum den Tisch verlassen und darf nicht am Spiel teilnehmen. Sein Stack wird geblindet und seine Karten gefoldet. Nach 15 Minuten darf der Spieler wieder am Spiel teilnehmen. Bei einem weiteren Verstoß wird der Spieler dann disqualifiziert. Ist das Vergehen des Spielers so schwerwiegend (z.B. Androhung bzw. Anwendung von Gewalt, üble Beschimpfung oder Betrug), kann auch gleich eine Disqualifikation ausgesprochen werden."#
            }
            Rule::Plo1 => {
                r#"Es können maximal 27 Spieler am Turnier teilnehmen. Falls ein Teilnehmer nicht zum Startzeitpunkt anwesend ist, verliert er seinen Anspruch auf den Platz. Frei gewordene Plätze werden mit wartenden Spielern besetzt. Bei 19 oder mehr teilnehmenden Spieler wird an 3 Tischen gestartet, bei 10 bis 18 Spielern an 2 Tischen und bei 9 Spielern an nur einem Tisch."#
            }
            Rule::Plo2 => {
                r#"Es wird versucht die Anzahl der Spieler an jedem Tisch gleich zu halten. Sollte sich die Anzahl der Spieler pro Tisch um 2 oder mehr Spieler unterscheiden, wird das Turnier pausiert und die notwendige Anzahl an Spielern umgesetzt. Ab 16 Spielern wird nur noch an 2 Tischen gespielt (sofern an 3 gestartet) und ab 8 Spielern nur noch an einem Tisch."#
            }
            Rule::Plo3 => {
                r#"In der Regel reserviert ein Spieler seinen Platz bereits im Vorfeld der Veranstaltung. Somit sind Tisch und Startzeit festgelegt. Für alle Spieler, die sich erst vor Ort für die Veranstaltung anmelden, wird die Zuweisung zu einem bestimmten Tisch erst während der Veranstaltung vorgenommen und nur falls noch Restplätze bestehen. Die Zuweisung ist in beiden Fällen verbindlich."#
            }
            Rule::Plo4 => {
                r#"Die Sitzplätze werden bei der Anmeldung/ Registrierung vor Ort durch das verdeckte Ziehen einer Platzkarte bestimmt werden. Diese Platzkarte wird von den Teilnehmern mit an den Tisch genommen und ist gleichzeitig Legitimation für die Teilnahme am Turnier, sowie die Zuordnung zu einem bestimmten Tisch und Platz. Die Spieler erhalten am Tisch ihre Chips vom Dealer ausgeteilt. Die Korrektheit der Anzahl und Wertigkeit ist vom Spieler zu überprüfen und bei Unstimmigkeiten vor Beginn der ersten Hand zu reklamieren. Der Dealerbutton liegt zu Beginn eines Tisches auf Platz 1."#
            }
            Rule::Plo5 => {
                r#"Es wird mit der Blindstruktur gespielt, die am Tisch ausliegt. Die Erhöhungsintervalle betragen i.d.R. 15 Minuten und werden für alle Tische einheitlich mit der Stoppuhr bestimmt. Für eine Spielrunde gilt der Blindlevel, der galt, als der Button vom Dealer verschoben wurde. Im Zweifel gilt das niedrigere Blindlevel."#
            }
            Rule::Plo6 => {
                r#"Die verbale Ansage eines Spielers zu seiner Spielaktion (check, bet, raise, fold) ist bindend. Wenn die Spielaktion nonverbal durchgeführt wird, ist diese ebenfalls bindend. Das nicht verbal angekündigte Setzen von Chips soll mit einer einzigen Handbewegung erfolgen."#
            }
            Rule::Plo7 => {
                r#"Eine Bet muss mindestens so groß sein wie das aktuelle Big-Blind. Ein Raise/Re-raise muss mindestens doppelt so groß sein, wie die letzte Bet oder das letzte Raise der aktuellen Setzrunde. Widerspricht eine Bet, ein Raise oder Re-raise dem geforderten Mindesteinsatz in der Setzrunde, wird bei einer Aktion unterhalb der Hälfte des geforderten Mindesteinsatzes die Aktion als Call gewertet und die überschüssigen Chips erhält der Spieler zurück. Ansonsten wird die Aktion als Raise / Re-raise gewertet und der Spieler muss die fehlenden Chips nachzahlen."#
            }
            Rule::Plo8 => {
                r#"Eine Bet kann maximal so groß sein wie die gegenwärtige Pot Größe. Ein Spieler kann jeden Betrag bis zu der Höhe des Pots für eine Bet oder Raise verwenden. Es gibt immer einen Minimum Betrag, welcher mindestens dem aktuellen Big Blind entspricht."#
            }
            Rule::Plo9 => {
                r#"Falls ein Spieler nicht die passenden Chips für seine gewünschte Aktion besitzt, deklariert er die Aktion mit der Höhe des gewünschten Einsatzes verbal und setzt einen höherwertigen Chip, der dann vom Dealer in den gewünschten Betrag gewechselt wird."#
            }
            Rule::Plo10 => {
                r#"Ist ein Spieler abwesend, erhält er weiterhin Karten und der Dealer zieht die Blinds von seinem Stack ein, sein Blatt gilt jedoch als gefoldet, falls der abwesende Spieler eine Bet callen müsste."#
            }
            Rule::Plo11 => {
                r#"Scheiden in einer Hand zwei oder mehr Spieler gleichzeitig aus, richtet sich ihre Platzierung nach der Menge der Chips, die sie zu Beginn der Hand in ihrem Besitz hatten. Demnach wird der Spieler mit den meißten Chips die beste Platzierung unter den betreffenden Spielern erhalten, usw. Haben zwei oder mehr Spieler einen gleich großen Stack zu Beginn der Hand ihres Ausscheidens, hat der Spieler, der zuletzt All-in gegangen ist, die bessere Platzierung erreicht."#
            }
            Rule::Gcb1 => {
                r#"Ein Gast darf seine eigenen Karten anderen Gästen nicht zeigen, auch wenn dieser Gast nicht mehr im Spiel ist. Kein Spieler kann einen Mitspieler oder den Croupier beauftragen für ihn zu handeln. Von einem Spieler, der den Tisch ohne Kommentar verlässt wird angenommen, dass er die Karten weggeworfen hat, sobald er an die Reihe kommt. Jeder Spieler muss abwarten bis er an der Reihe ist. Die Karten vom Gast sollen jederzeit sichtbar sein. Während eines Spiels darf nur (wenn möglich) Deutsch am Tisch gesprochen werden. Ein Missachten von diesen Regeln, kann je nach Situation zu einer Verwarnung führen. Bei der dritten Verwarnung muss der Gast den Pokerbereich verlassen. Alle Fälle, die hier nicht aufgezählt sind, werden entsprechend den geltenden Prozessen der Grand Casino Kursaal Bern AG durch den Gaming Shift Manager entschieden. Diese Entscheidungen sind unanfechtbar."#
            }
            Rule::Gcb2 => {
                r#"Ansagen eines Spielers sind bindend. Sagt ein Spieler beispielsweise einen Raise an, so muss er diesen auch in der angesagten Höhe bringen. Wenn nur Raise angesagt wird muss unabhängig von der Situation mindestens ein minimum Raise getätigt werden."#
            }
            Rule::Gcb3 => {
                r#"Wird eine Handlung ausser der Reihe getätigt (zu früh) ist dies bindend, sofern die übergangenen Spieler keine Einsätze bringen, die höher sind als der zu früh getätigte Einsatz. Ansonsten kann der Spieler seinen zu früh gebrachten Einsatz zurückziehen und neu überlegen. Geht ein Spieler mit einem ungenügenden Einsatz mit (ohne Ansage), weil er einen Raise nicht bemerkt hat, so kann er seinen Einsatz zurücknehmen, wenn noch keine Handlung nach ihm gemacht wurde. Ansonsten muss er seinen Einsatz komplettieren (ein Raise ist nicht erlaubt) oder er verliert alle Ansprüche auf seine Einsätze und den Pot."#
            }
            Rule::Gcb4 => {
                r#"1. Wenn bereits Einsätze von anderen Spielern vor ihm gebracht wurde, gilt es als ein Call. 2. Wenn keine Einsätze von anderen Spieler vor ihm gebracht wurde, gilt es als Bet. 3. Wenn schon vor dem Spieler ein Einsatz liegt, gilt die gesamte Summe als Raise, es sei denn, es wurde schon von einem anderen Spieler ein Raise gesetzt. Dann gilt es als Call."#
            }
            Rule::Gcb5 => {
                r#"Ein «Straddle» ist ein Einsatz des Spielers nach dem Big Blind (under the gun). Er wird ohne vorher die eigenen Karten anzuschauen getätigt. Dieser Einsatz beträgt den Wert des doppelten Big Blinds. Der Spieler, welcher einen Straddle tätigt, darf als letzter vor dem Flop handeln. Ein Straddle muss vor der Kartenausgabe platziert werden."#
            }
            Rule::Gcb6 => {
                r#"Für jedes verpasste Blind wird ein «Missed Blind»-Blättchen zugeteilt. Bei der dritten Zuteilung eines Blättchens wird der Platz freigegeben. Versäumt ein Spieler aus irgendeinem Grund ein oder beide Blind(s), hat er folgende Möglichkeiten: • Wenn er beide Blinds versäumt hat, muss er beide Blinds nachbringen, wobei das grosse Blind als Einsatz liegen bleibt und das kleine Blind (dead Blind) in den Pot geht. • Wenn er nur den Small Blind versäumt hat, muss er beim Wiedereinstieg den Small Blind bezahlen (dead Blind). Er steigt erst wieder in das Spiel ein, wenn er in der Big-Blind-Position ist. Entfernt sich ein Spieler durch einen Platzwechsel mehr als drei (mit aktiven Spielern besetzt) Plätze im Uhrzeigersinn vom Button weg, muss er beide Blinds bringen. Dabei bleibt das Big Blind als Einsatz liegen und das Small Blind wird in den Pot geht. Er kann auch warten, bis er in der Big-Blind-Position sitzt. Es ist nicht gestattet, Blinds für andere Gäste in deren Abwesenheit zu tätigen."#
            }
            Rule::Gcb7 => {
                r#"Ist ein Spieler All-in gegangen kann er sich einmal mit weniger als dem Table Stake neu ins Spiel einkaufen. Wenn er wieder All-in geht, ist er aus dem Spiel. Zwischen den Spielen kann in diesem Fall kein Kapital hinzugefügt werden. Möchte er weiterspielen und es gibt eine Warteliste, wird er als letzter auf diese gereiht. Gibt es freie Plätze am Tisch, kann er einen solchen einnehmen, muss aber ein volles Buy-in machen. Ein Spieler, der nach einem All-in Geld holen geht und bis zu seiner Rückkehr kein Blind verpasst hat, bekommt sofort wieder Karten. Bei der dritten Zuteilung eines Missed-Blind-Blättchens wird der Platz freigegeben."#
            }
            Rule::Gcb8 => {
                r#"Wenn ein Gast aufgrund falscher Informationen seine Hand folded und die Karten noch redressiert werden können, bekommt der Gast seine Hole Cards zurück. Weder der Dealer noch die Spieler dürfen nicht gegebene oder weggeworfene Karten einsehen, selbst nach einem Spiel ist dies zu unterlassen. Wenn ein Spieler eine oder beide Hole Cards wissentlich oder versehentlich zu früh aufdeckt, kann er ohne Einschränkungen weiterspielen. Nachdem die Hand auf Wunsch allen Spielern am Tisch gezeigt wurde, kann der Spieler seine Hand wieder verdeckt weiterspielen. Nach Ende des Spiels wird eine Verwarnung erteilt. Wenn der Gast eine Karte offen und eine zu über die Linie schiebt (wirft) ist es ein Fold. Es müssen beide Karten gezeigt werden."#
            }
            Rule::Gcb9 => {
                r#"Es werden nur Gäste auf die aktuelle Warteliste geschrieben, die sich selbst beim Tisch-Chef oder höher melden. Es gibt keine telefonischen Annahmen. Der Gast wird höflich gebeten, sich abzumelden, wenn er nicht mehr spielen möchte."#
            }
            Rule::Gcb10 => {
                r#"Ist der Haupttisch (Tisch 1) voll besetzt und es gibt genug Spieler, um den zweiten Pokertisch zu öffnen, wird die «must move»-Regel angewendet: Solange auf Tisch 2 die Anzahl der Spieler acht oder neun ist, muss der Haupttisch die maximale Spieleranzahl aufweisen. Sind auf Tisch 2 weniger als acht Spieler, muss ein Spieler von diesem Tisch dann wechseln, wenn am Haupttisch die Anzahl der Spieler unter sieben ist. Trifft dies zu, wird der Spieler gemäss Warteliste von Tisch 2 aufgefordert zu wechseln. Weigert sich ein Gast vom Nebentisch an den Haupttisch zu wechseln, wird er gebeten das Spiel für heute einzustellen. Kein Spieler vom Haupttisch kann direkt zu Tisch 2 wechseln. Steht ein Spieler vom Haupttisch auf, muss er 60 Minuten warten bis er sich an einen Nebentisch setzen kann. Der Gast, der an den Haupttisch wechselt, muss sein Tablestake mitnehmen (was er vor sich hat). Dies wird von einem Mitarbeiter durchgeführt. Der Gast muss keinen Blind zum Einsteigen bezahlen und kann sofort mitspielen. Natürlich ausser Small Blind und der Button-Position."#
            }
            Rule::Gcb12 => {
                r#"Diese beiden Spielvarianten sind die beliebtesten Hold'em-Varianten. Gespielt wird mit einem Kartendeck à 52 Karten. Texas Hold’em kann von mindestens zwei bis maximal neun Spielgästen an einem Tisch gespielt werden. Omaha braucht ebenfalls mindestens zwei bis maximal neun Spielgäste. Jeder Teilnehmer erhält zunächst zwei respektive vier verdeckte Karten."#
            }
            Rule::Gcb13 => {
                r#"Auf dem Tisch sind nur Tablestake und Glücksbringer erlaubt. Das benutzen von elektronischen Geräten ist während einer Hand zu unterlassen. Gäste können Ohr- oder Kopfhörer tragen, jedoch keine Sonnenbrillen oder Kopfbedeckungen. … Startkapital, welches ein Spielgast zum Tisch bringen muss, um an dem Spiel teilnehmen zu können. Solange der Gast am Spiel teilnimmt, darf nichts vom Tablestake entfernt werden. Während einer Spielrunde ist es dem Gast nicht erlaubt zusätzlich Geld ins Spiel einzubringen."#
            }
            Rule::Tda39a => {
                r#"A: 4-Karten-Flops. Sollte der Flop aus vier statt drei Karten bestehen, aufgedeckt oder nicht und unabhängig davon, ob die mutmaßlich erste Karte bekannt ist, wird der Floor gerufen. Der Dealer mischt die vier Karten verdeckt und der Floor sucht eine der Karten, die als nächste Burn-Karte verwendet wird, zufällig aus."#
            }
            Rule::Tda39b => {
                r#"B: Wurde bei einem Flop mit drei Karten keine Burn-Karte gelegt, aufgedeckt oder nicht und unabhängig davon, ob die mutmaßlich erste Karte bekannt ist, und noch keine Aktion stattgefunden hat, werden die drei Karten verdeckt gemischt und eine wird als Burn-Karte ausgesucht. Der Flop besteht anschließend aus den restlichen zwei Karten plus die nächste Karte des Decks. Sollte eine beliebige Aktion (selbst ein Check) stattgefunden haben, wird das Spiel mit den anfänglichen drei Karten fortgesetzt. Für den Turn wird danach nur eine Burn-Karte verwendet."#
            }
            Rule::Tda39c => {
                r#"C: Für vorzeitig aufgedeckte Karten siehe empfohlene Verfahren RP-5."#
            }
            Rule::Tda39d => {
                r#"D: Erneutes Mischen während einer Hand. Um die Integrität des Spiels zu schützen, müssen die Karten jedes Mal, wenn das Deck während einer laufenden Hand neu gemischt wird, „Face-Down“ und nicht aufgedeckt gemischt werden."#
            }
            Rule::TdaRp4 => {
                r#"Sind in einer laufenden Hand noch Karten zu verteilen und der Kartenstapel wird fallen gelassen oder es scheint, als wäre der Stapel durcheinander: 1) Wenn möglich, sollte man zuerst versuchen den Originalstapel wiederherzustellen; 2) Ist es nicht möglich, muss versucht werden, einen neuen Stapel zu erstellen. Dieser Stapel besteht nur aus Karten des vorherigen Staples (keine Muck- oder Burn- Karten). Er sollte neu gemischt und abgehoben werden. Das Spiel wird anschließend mit dem neuen Kartenstapel fortgeführt; 3) Fällt der Stapel runter und ist mit den Muck- und/oder Burn-Karten vermischt, wird der Kartenstapel mit den Muck- und/oder Burn-Karten neu gemischt und abgehoben. Das Spiel wird anschließend mit dem neuen Stapel fortgeführt."#
            }
            Rule::TdaRp5 => {
                r#"Board- und Burn-Karten werden manchmal vorzeitig ausgeteilt, bevor die Aktionen der vorangegangenen Runde abgeschlossen ist. Die allgemeinen Verfahren für diese Situation sind: A: Vorzeitiger Flop: Lassen sie die Flop-Burn-Karte als Burn-Karte liegen. Legen sie die vorzeitigen Flop-Karten zurück auf das Kartendeck und mischen sie den Stapel neu. Geben sie den Flop (ohne weitere Burn-Karte) aus dem neuen Stapel erneut aus. B: Eine vorzeitige Turn-Karte: Lassen sie die Burn-Karte des Turns als Burn-Karte liegen. Legen sie die vorzeitig aufgedeckte Turn-Karte zurück auf das Kartendeck und mischen sie den Stapel neu. Geben sie den Turn (ohne weitere Burn-Karte) aus dem neuen Stapel erneut aus. C: Eine vorzeitige River-Karte: Lassen sie die River-Burn-Karte als Burn-Karte liegen. Legen sie die vorzeitig aufgedeckte River-Karte zurück auf das Kartendeck und mischen sie den Stapel neu. Geben sie den River (ohne weitere Burn-Karte) aus dem neuen Stapel erneut aus. D: Vorzeitige Karte bei Stud: Die vorzeitige Karte wird in den Stapel zurückgelegt und der Stapel wird neu gemischt (siehe RP-17, neu mischen). Eine neue „Street“ wird aus dem neu gemischten Stapel ohne weitere Burn-Karte ausgeteilt."#
            }
            Rule::TdaRp10 => {
                r#"A: Eine verdeckte Karte, die bei der ersten Ausgabe aufgedeckt wird, ist die offene Karte des Spielers und die 3rd Street wird an diesen Spieler verdeckt ausgeteilt. Der Spieler kann das Bring-In sein. B: Eine Karte, die vom Dealer in der 7th Street aufgedeckt wurde, wird ersetzt, wenn noch Bet- Einsätze in dieser Hand möglich sind. Die 7th Street sollte auch dann verdeckt ausgeteilt werden, selbst wenn keine Bet-Aktion in der Hand mehr möglich ist und der/die Spieler in All-In Situationen nicht in der Gefahr sind zuerst aufzudecken. C: Die Karten eines Spielers, der sich bei der Kartenausgabe nicht an seinem Platz befindet (siehe Regel 30), werden gepasst. Auf der 4th Street werden keine Karten an eine Hand ausgeteilt, die nicht mehr im Spiel ist. D: Werden zwei oder mehrere übereinstimmende High-Hands bei Stud (oder Stud-8) oder Low- Hands bei Razz gezeigt, beginnt das Setzen bei der Hand mit der High-Card nach Farbe. E: Wenn ein Spieler, der die niedrigste Karte nach Farbe erhalten hat, mit der Ante bereits All-In ist, beginnt das Setzen links von ihm. Spieler mit Chips müssen mindestens das Bring-In setzen oder passen. F: Die Einsätze werden auf der 4th Street nicht verdoppelt, wenn ein Paar gezeigt wird. G: Für vorzeitig ausgeteilte Karten beim Stud siehe RP-5-D. H: 7th Street Verfahren bei zu kleinem Kartenstapel. Wenn vor dem Austeilen der 7th Street die Anzahl der Karten im aktuellen Kartendeck weniger als die „erforderliche Anzahl“ (Anzahl der verbleibenden Spieler + Burn-Karten + letzte Karte, die nicht ausgeteilt wird) ist, gehen Sie wie folgt vor: A) Kann die erforderliche Anzahl durch Hinzufügen der 3 vorherigen Burn-Karten (für die 4th, 5th und 6th Street) erreicht werden, wird der aktuelle Kartenstapel mit den 3 vorherigen Burn-Karten gemischt, um einen neuen Stapel zu erstellen. Der neue Stapel wird abgehoben, eine Burn-Karte gelegt und eine Karte an jeden Spieler ausgeteilt. B) Enthält der aktuelle Kartenstapel mindestens 3 Karten, aber durch das Hinzufügen der vorherigen Burn-Karten nicht die benötigte Anzahl erreicht wird, legt der Dealer die oberste Karte des aktuellen Stapels als Burn-Karte und teilt die nächste Karte als Gemeinschaftskarte in die Mitte des Tisches. C) Hat der aktuelle Kartenstapel weniger als 3 Karten, wird er mit den 3 vorherigen Burn-Karten zu einem Stapel gemischt, abgehoben und eine Burn-Karte gelegt. Die nächste Karte wird als Gemeinschaftskarte gelegt. D) Ist eine Gemeinschaftskarte im Spiel, ist der Spieler der als erstes auf der 6th Street an der Reihe ist, auch auf der 7th Street als erstes an der Reihe."#
            }
            Rule::Nob1 => {
                r#"Grundsätzlich gelten die üblichen Regeln für Texas Hold’em no limit (2 pocket cards, bis zu 5 community/Gemeinschaftskarten, jeder Spieler kann sich aus seinen zwei und den offen liegenden Karten das beste Blatt ermitteln • 2 pocket + 3 community cards • 1 pocket + 4 community cards • 5 community cards"#
            }
            Rule::Nob2 => {
                r#"• es gilt die übliche Reihenfolge der Hände in aufsteigender Reihenfolge – alle Farben sind gleichwertig (52 Karten im Blatt, keine Joker): 1. höchste Karte/high card (höchste nicht gemeinsame Karte entscheidet) 2. Paar/pair (höheres Paar entscheidet, bei gleichem Paar entscheidet höchste nicht gemeinsame Karte) 3. Zwei Paare/two pairs (Entscheidungskriterien: höheres Paar – niedrigeres Paar – 5. Karte (high card)) 4. Drilling/three of a kind (höherer Drilling entscheidet) 5. Straße/Straight (5 Karten in laufender Wertigkeit und unterschiedlicher Farben, As kann entweder niedrigste oder höchste Karte sein, d. h. As-2-3-4-5 bis 10-B-D-K-As möglich; keine Straße um die Ecke, d. h. K-As-2-3-4 ist keine Straße!; bei Gleichstand entscheidet höchste Karte in der Straße, d. h. bei den beiden vorigen Beispielen einmal 5 bzw. beim zweiten As) 6. Flush (5 Karten einer Farbe nicht in laufender Wertigkeit – bei Gleichstand entscheidet die höchste Karte im Flush, die beide Spieler nicht gemeinsam haben) 7. Full House (Drilling + Paar, höherer Drilling entscheidet) 8. Vierling/four of a kind (4 gleiche Karten, höherer Vierling entscheidet) 9. Straight Flush (Komination von Straße und Flush, z. B. 4-5-6-7-8 Karo) 10. Royal Flush (Sonderform des Straight Flush 10-B-D-K-As einer Farbe)"#
            }
            Rule::Nob3 => {
                r#"Bei Gleichstand wird der Pott zu gleichen Teilen auf die Spieler im Spiel aufgeteilt (split pot) – kann nicht komplett aufgeteilt werden, verbleibt ein Rest im Pott."#
            }
            Rule::Nob4 => {
                r#"Jeder Spieler erhält 100 Chips. Weiß = 1 Rot = 2 Blau = 5 Grün = 10 Schwarz = 25"#
            }
            Rule::Nob5 => {
                r#"Die Blinds haben folgende Stufen: 1/2 2/5 5/10 7/15 10/20 15/30 20/40 25/50 50/100 75/150 100/200…"#
            }
            Rule::Nob6 => {
                r#"Der Maximalblind liegt bei der Stufe, bei der der big blind am nächsten unter 10% des Gesamtchipwertes in der Spielrunde liegt (z. B. Chipwert in der Runde 500 – Maximalblinds bei 20/40)"#
            }
            Rule::Nob7 => {
                r#"Es werden maximal 8er Tische gespielt. Bei 1-7 Spielern ein Tisch, bei 8 Spielern kann wahlweise ein 8er Tisch gespielt werden oder 2 4er Tische, ab 9 Spielern werden die Spieler möglichst gleichmäßig auf die Tische aufgeteilt (z. B. 9 Spieler – zufällige Aufteilung auf zwei Tische 4 bzw. 5, sobald jeweils 2 Spieler ausgeschieden sind, d. h. wichtig: die gleiche Anzahl von Chips wurde auf die anderen Spieler umverteilt, gehen die übrigen Spieler mit ihren Restchips an den Finaltisch)"#
            }
            Rule::Nob8 => {
                r#"Die Blinds am Finaltisch starten bei einer Stufe, bei der der big blind am nächsten zu 1% der Gesamtchips im Spiel ist oder bei einem Wert, der von allen Spielern am Tisch gebilligt wird (Beispiel: 10 Spieler a 100 Chips– 2 5er Tische mit Blinds 1/2 am Anfang– sobald je 2 Spieler pro Tisch raus sind, gehen dann die restlichen 3 Spieler jedes Tisches an den Finaltisch mit aktuellen Chips. Die Blinds starten am Finaltisch bei 1% von 1000 Chips = 5/10.)"#
            }
            Rule::Nob9 => {
                r#"Bei Tischen mit 8 oder mehr Spielern (Startspieler!!!) steigen die Blinds alle 2 vollendeten Runden an, bei 5-7 am Tisch beginnenden Spielern alle 3 Runden, bei weniger als 5 am Tisch beginnenden Spielern alle 4 Runden um eine Stufe an."#
            }
            Rule::Nob10 => {
                r#"An jedem Tisch wird der Dealer am Anfang zufällig bestimmt (Karte vom Deck ziehen). Die Sitzreihenfolge ist folgende: aufsteigend von der niedrigsten Karte füllen die Spieler beginnend links vom Dealer auf."#
            }
            Rule::Nob11 => {
                r#"Der Spieler links vom Dealer zahlt den small blind, der Spieler links vom small blind den big blind. … Im heads-up (nur noch zwei Spieler im Spiel). Ist der Dealer gleichzeitig small blind, der andere Spieler big blind. Small blind beginnt vor dem Flop mit Setzen, big blind beginnt Setzrunde nach dem Flop."#
            }
            Rule::Nob12 => {
                r#"Pro Setzrunde sind nach der ersten Erhöhung maximal drei weitere Erhöhungen möglich (Mindesterhöhung ist dabei dabei die aktuelle Erhöhung des small blind)."#
            }
            Rule::Nob13 => {
                r#"Vor dem Flop muss der aktuelle big blind mitgegangen werden, um im Spiel zu bleiben. Falls alle Spieler, die noch im Spiel sind, nur den big blind mitgegangen sind, kann dieser nun checken, d.h. nicht weiter erhöhen und bleibt damit im Spiel, rausgehen oder eben erhöhen und damit die Setzrunde fortsetzen."#
            }
            Rule::Nob14 => {
                r#"Folgende „Bietformen“ sind erlaubt: - Erhöhung/raise - Mitgehen/call - rausgehen/fold - schieben/check (falls vorher noch nicht erhöht wurde, nicht vor dem Flop; inkl. check-raise, check-call, check-fold) - all-in = alle verbleibenden Chips setzen – auch möglich wenn ein anderer Spieler mehr Chips setzt (also als Mitgehen/call), als man selbst hat,"#
            }
            Rule::Nob15 => {
                r#"jeder Spieler kann nur so viel Chips von jedem anderen Spieler gewinnen, wie er selbst in den Pott wirft – die Restsummen (z. B. wenn 2 oder mehr weitere Spieler über das all-in hinaus weiterspielen) wandern in side pots, auf den nur diese Spieler Anspruch haben und für die nur deren Blätter bei der Erfolgsentscheidung gültig sind."#
            }
            Rule::Nob16 => {
                r#"Der Einsatz je Spieler beträgt im Regelfall 2 € - winner takes it all!"#
            }
        }
    }
}
