"""The techniques of the latin-grid ladders (Sudoku and Skyscrapers) in plain words, for the learn page.

`ABOUT` gives each rung of either ladder two or three sentences for a newcomer, written once: the learn page and
the registry read them from here, with the rest of what a technique is known by (`logic.TABLE`). Words: a *house*
is a row, a column or (in Sudoku) a box or jigsaw region; a *candidate* is a digit a cell may still hold (its
notes); in Skyscrapers the digits are tower heights.
Known limits: English only.
"""

from __future__ import annotations

ABOUT: dict[str, str] = {
    # Skyscrapers' own techniques: the clues and the clued lines
    "Clue 1": "A clue of 1 sees only one tower, so the tallest tower stands right next to it. Any other tower in "
              "that cell would let the viewer see the taller one behind it.",
    "Clue N": "A clue as big as the grid sees every tower, so the line must climb 1, 2, 3 and so on away from it. "
              "The whole line is known at once.",
    "Clue bound": "A clue of c must see c towers rising away from it, so the cells near it cannot be too tall: the "
                  "nearest holds at most n − c + 1, the next one at most one more, and so on. Taller candidates "
                  "there go.",
    "Short line": "In a clued row or column with at most three empty cells, try every order of the missing heights. "
                  "A height that no order agreeing with the clues puts in a cell leaves that cell.",
    "Line arrangement": "The same trial for a clued line with four empty cells: more orders to check by hand, so it "
                        "counts as a harder step. The hint names the clue that each removed height would break.",
    "Line permutations": "Every order of a clued line with five or more empty cells, checked against its clues. "
                         "Heights that fit no order go; hard to do in your head, so it comes after the easier "
                         "steps.",
    # the constraint types' own rungs (variant Sudoku: one step per thermometer, arrow, dot or line)
    "Arrow sum": "The digits along an arrow add up to the number in its circle. So the circle is at least the "
                 "smallest sum the arrow's cells can make and at most the largest, and each cell on the arrow is "
                 "bounded in turn by the circle less what the other cells must add.",
    "Between line": "The digits on a between line lie strictly between the digits in its two end circles. One end "
                    "is smaller than the whole line and the other larger, so the ends are far apart and the line's "
                    "cells keep only the digits that fit between them.",
    "Kropki dot": "A white dot joins two digits that differ by one; a black dot joins two where one is double the "
                  "other. A candidate with no partner that fits the dot in the other cell goes, which is how "
                  "chains of black dots come down to 1, 2, 4 and 8.",
    "Little killer": "The digits along a diagonal arrow outside the grid add up to its clue, and they may repeat "
                     "where the diagonal crosses from one box to the next. Each cell keeps only the digits that "
                     "some fill of the diagonal reaching the clue gives it.",
    "Minimum or maximum": "A minimum cell is smaller than every cell that shares an edge with it, a maximum cell "
                          "larger. So a minimum cannot hold the biggest digits and its neighbours cannot hold the "
                          "smallest, and the other way round for a maximum.",
    "Non-consecutive": "Cells that share an edge never hold digits that differ by one. A digit leaves a cell when a "
                       "neighbour's every candidate is next to it: a neighbour that can only be 4 or 6 rules out "
                       "5.",
    "Odd or even cell": "A grey circle holds an odd digit and a grey square an even one. The other kind leaves the "
                        "cell at once, as if it were written on the board.",
    "Palindrome": "A palindrome line reads the same from either end: its first and last cells hold the same digit, "
                  "and so do the second and the second to last. Paired cells share their candidates, so a digit "
                  "that one cannot hold leaves the other too.",
    "Quadruple": "The digits in a circle where four cells meet must each appear in at least one of those cells. "
                 "When the required digits need every place the four cells offer, the cells hold nothing else.",
    "Region sum line": "A region sum line adds up to the same total in every box it passes through. What one box's "
                       "part of the line can add bounds that total, and so the digits of every other part.",
    "Renban": "A renban line holds different digits that make a run with no gaps, in any order: 3, 4, 5, 6 but "
              "not 3, 4, 5, 7. A digit that no run of the line's length can include, given the other cells' "
              "candidates, leaves the line.",
    "Sandwich": "The clue outside a row or column is the sum of the digits between its 1 and its 9. Only some "
                "places of the 1 and the 9, with digits between them that reach the sum, fit, and candidates that "
                "no fitting arrangement uses go.",
    "Skyscraper clue": "A clue outside the grid counts the buildings seen from it, each digit a height, taller ones "
                       "hiding shorter ones behind them. Cells near a small clue must be tall and cells near a big "
                       "clue short; heights that no order matching the clue allows go.",
    "Thermometer": "Digits rise along a thermometer from its round bulb. The cell k steps from the bulb is at least "
                   "k + 1, and it must leave room for the cells after it to rise, so all of a thermometer's bounds "
                   "are set in one step.",
    "Whispers": "Neighbours on a German whispers line differ by at least 5. So 5 can never sit on a 9x9 line, and "
                "the digits along it alternate between low and high.",
    "X-sum": "The clue outside a row or column is the sum of its first X digits, where X is the digit in the cell "
             "next to the clue. Each candidate of that first cell fixes how many cells count, and the ones that "
             "cannot reach the clue go.",
    "XV pair": "An X joins two cells that add up to 10 and a V two that add up to 5. A candidate whose partner "
               "cannot sit in the other cell goes.",
    # singles
    "Full house": "A house with a single empty cell left: that cell takes the one digit the house is missing. It "
                  "is the easiest step there is.",
    "Naked single": "A cell whose candidates are down to one digit, because every other digit already stands in "
                    "its row, column or box. That digit goes in.",
    "Hidden single": "A digit that has only one place left in a house: every other cell there is filled or sees "
                     "that digit. It goes there, even if the cell still has other candidates.",
    # killer cages
    "Cage combination": "A cage holds different digits that add up to its sum, so only some sets of digits fit it. "
                        "A digit in none of those sets leaves the cage, and each cell keeps only the digits it can "
                        "take while the other cells complete a set.",
    "Cage and house": "A digit that every possible set of a cage contains must be somewhere in the cage. When all "
                      "its places in the cage lie in one house, the rest of that house cannot hold it.",
    "Rule of 45": "Every house holds each digit once, so its digits add up to a known total (45 on a 9×9). Take "
                  "away the sums of the cages lying wholly inside it: the cells left over must make up the "
                  "difference, like a cage of their own.",
    # intersections and subsets
    "Locked candidates (pointing)": "When a digit's candidates in a box all lie in one row (or column), the box's "
                                    "copy of the digit is in that line. So the rest of that row or column cannot "
                                    "hold it.",
    "Locked candidates (claiming)": "When a digit's candidates in a row (or column) all lie inside one box, the "
                                    "line's copy of the digit is in that box. So the box's other cells cannot "
                                    "hold it.",
    "Naked pair": "Two cells of a house with the same two candidates and nothing else: the two digits are shared "
                  "between them. No other cell of that house can hold either digit.",
    "Hidden pair": "Two digits that, in a house, fit only in the same two cells: those cells must hold them. Every "
                   "other candidate in the two cells goes.",
    "Naked triple": "Three cells of a house whose candidates, taken together, are only three digits. Those digits "
                    "are locked in the three cells (each cell need not have all three), so they leave the rest of "
                    "the house.",
    "Hidden triple": "Three digits that, in a house, fit only in the same three cells: those cells hold them. Their "
                     "other candidates go.",
    "Naked quad": "Four cells of a house whose candidates together are only four digits. Those digits are locked "
                  "in the four cells and leave the rest of the house.",
    "Hidden quad": "Four digits that, in a house, fit only in the same four cells: those cells must hold them. "
                   "Every other candidate in the four cells goes.",
    # fish
    "X-wing": "A digit has exactly two places in each of two rows, and the places line up in the same two columns. "
              "The digit sits at opposite corners of that rectangle, either way round, so it leaves the rest of "
              "both columns (the same works with rows and columns swapped).",
    "Swordfish": "An X-wing with three lines: a digit whose places in three rows all lie in the same three columns. "
                 "Those rows use up the digit in the three columns, so it leaves the other cells of those columns.",
    "Jellyfish": "The same pattern with four lines: a digit whose places in four rows all lie in four columns. The "
                 "digit leaves the rest of those columns.",
    "Finned X-wing": "An X-wing with an extra place or two for the digit, the fin, next to one of its corners. "
                     "Either the X-wing holds or the fin does, so only cells that lose the digit both ways lose it: "
                     "in the X-wing's columns, seeing the fin. A sashimi X-wing has one corner missing.",
    "Finned swordfish": "A swordfish with a fin: extra places for the digit outside its three columns. A cell of "
                        "those columns that also sees the whole fin loses the digit either way.",
    "Finned jellyfish": "A jellyfish with a fin: extra places for the digit outside its four columns. A cell of "
                        "those columns that also sees the whole fin loses the digit either way.",
    # single-digit chains
    "Skyscraper": "Two rows each have only two places for a digit, and one end of each pair lines up in a column. "
                  "One of the two other ends must hold the digit, so a cell that sees both of them loses it.",
    "2-string kite": "A digit with only two places in a row and two in a column, one end of each in the same box. "
                     "Then one of the two far ends holds it, and a cell seeing both far ends cannot.",
    "Turbot fish": "A short chain on one digit: two houses where it has only two places, joined by two of those "
                   "places seeing each other. One of the two loose ends holds the digit, so a cell seeing both "
                   "loses it.",
    "Empty rectangle": "In a box, a digit's places all lie in one row and one column of the box (a cross, leaving "
                       "an empty rectangle). Joined to a line where the digit has only two places, it forces one "
                       "of two cells to hold it, and a cell seeing both loses it.",
    "Simple colouring": "Follow one digit through houses where it has just two places, colouring those places in "
                        "two alternating colours. One colour holds the digit everywhere, the other nowhere: a cell "
                        "that sees both colours loses it, and a colour that meets itself in a house is the false "
                        "one.",
    "Multi colouring": "Colour two separate chains of one digit as in simple colouring. When a colour of one chain "
                       "sees a colour of the other, those two cannot both be true, so one of their opposite colours "
                       "is: a cell seeing both opposites loses the digit.",
    "X-chain": "A longer chain on one digit, alternating strong links (its only two places in a house) and weak "
               "links (places that see each other). One end of the chain or the other holds the digit, so a cell "
               "seeing both ends loses it.",
    # wings and chains of cells
    "XY-wing": "A pivot cell with candidates x and y sees two pincers, one with x and z, the other with y and z. "
               "Whatever the pivot holds, one pincer becomes z, so a cell that sees both pincers cannot be z.",
    "XYZ-wing": "Like an XY-wing, but the pivot holds x, y and z. One of the three cells is z, so only a cell that "
                "sees all three loses z.",
    "W-wing": "Two cells with the same two candidates x and y that do not see each other, and a house where x has "
              "only two places, one seeing each cell. One of the two cells must be y, so a cell seeing both loses "
              "y.",
    "Remote pair": "A chain of cells that all hold the same two candidates, each seeing the next, so the two digits "
                   "alternate along it. Two cells an odd number of links apart hold different digits, and a cell "
                   "seeing both loses both digits.",
    "XY-chain": "A chain of two-candidate cells, each sharing a digit with the next. If the first cell is not x, "
                "the chain forces the last one to be x, so a cell that sees both ends cannot be x.",
    "AIC": "An alternating inference chain mixes both kinds of link: the only two places of a digit in a house, "
           "and the only two candidates of a cell. Its two ends cannot both be false, so a candidate that sees both "
           "ends goes.",
    "Grouped AIC": "An AIC whose links may join groups of cells: a digit's places in a box that lie in one row "
                   "count as one node. Groups find chains that single cells miss (a grouped X-chain is one on a "
                   "single digit).",
    "Nice loop": "A chain that comes back to where it started. If it starts with a candidate off and returns to it "
                 "on, the candidate is true (a discontinuous loop); if it closes with every link alternating (a "
                 "continuous loop), each weak link has one true end, so whatever sees both ends of a weak link goes.",
    "Grouped nice loop": "A nice loop whose links may join groups of cells: a digit's places in a box that lie in one "
                         "row count as one node. Groups close loops that single cells cannot.",
    # uniqueness
    "Unique rectangle": "A proper puzzle has one solution. Four cells in two rows, two columns and two boxes that "
                        "could all be just x or y would let x and y swap, giving a second solution, so the puzzle "
                        "must break that pattern; the extra candidates in the rectangle say where (types 1 to 4).",
    "BUG+1": "If every empty cell had exactly two candidates (a bivalue universal grave), the puzzle would have two "
             "solutions. When only one cell has a third candidate, it must take the digit that breaks the "
             "pattern.",
    "Unique rectangle types 5 and 6": "More unique rectangles. Type 5: two diagonal corners (or three corners) "
                                      "hold the pair and the same one extra digit, so one of them holds it and a "
                                      "cell seeing them all loses it. Type 6: the other two corners hold just the "
                                      "pair and x fits only in the rectangle in both its rows (or columns), so the "
                                      "diagonal corners with extras lose x.",
    "Hidden rectangle": "A unique rectangle whose corner holds just x and y, and where x fits only in the rectangle "
                        "in both houses joining the opposite corner to the other two. If that opposite corner were y, "
                        "the pattern with two solutions would follow, so it loses y.",
    "Avoidable rectangle": "Like a unique rectangle, but some corners are already solved (not givens): those could "
                           "swap too. Three solved corners make the fourth lose the digit that would complete the "
                           "pattern; two solved ones whose open partners each hold the needed digit and one same "
                           "extra z put z in one of them, so cells seeing both lose z.",
    "BUG+n": "Every empty cell has two candidates but a few. Taking some of those few cells' extra candidates away "
             "would leave a bivalue universal grave, which never has one solution, so one of the extras is true and "
             "a candidate that would rule out all of them goes.",
    # almost locked sets
    "Sue de Coq": "Two or three cells where a box meets a line hold two more digits than cells. A two-digit cell "
                  "elsewhere in the line and another in the box take two of those digits each, so all the digits "
                  "are locked: the rest of the line and box lose the ones they cannot have.",
    "ALS-XZ": "An almost locked set is N cells of a house holding N + 1 candidates. When two such sets share a "
              "digit x that can be in only one of them, another shared digit z must be in one of them, so a cell "
              "seeing every z of both loses z.",
    "ALS-XY-wing": "Three almost locked sets shaped like an XY-wing: a pivot set linked to two others by digits that "
                   "can be in only one of each pair. A digit z common to the two outer sets then leaves every cell "
                   "that sees all their z's.",
    "ALS-XY-chain": "Four or more almost locked sets in a row, each linked to the next by a digit that can be in only "
                    "one of the two. If the first set lacks a digit z it is locked, and so, link by link, is the last, "
                    "which then holds z: z is in the first or the last set, so a cell seeing all their z's loses z.",
    "Death blossom": "A cell (the stem) with two or three candidates, and for each of them an almost locked set (a "
                     "petal) whose cells holding that digit all see the stem. The stem takes one digit, so that "
                     "petal loses it and is locked: a digit z every petal holds is in one of them, so a cell seeing "
                     "every z of the petals loses z.",
    # fish with boxes or mixed lines, kraken fish, templates
    "Franken X-wing": "A fish whose base or cover sets include boxes, not only rows or columns: two base "
                      "houses that must each hold the digit, whose candidates of it all lie in two cover "
                      "houses. The base houses' digits fill the cover houses, so the rest of the cover "
                      "houses lose it.",
    "Finned Franken X-wing": "A Franken X-wing (boxes among its two base or cover houses) with fins: base "
                             "candidates outside the cover houses. Either a fin holds the digit or the fish does, "
                             "so only cells that see every fin lose it.",
    "Mutant X-wing": "A fish of two base and two cover houses where rows and columns (and boxes) mix on "
                     "one side. The base houses must each hold the digit and all their candidates of it "
                     "lie in the cover houses, so the rest of the cover houses lose it.",
    "Finned mutant X-wing": "A mutant X-wing (rows and columns mixed in its base or cover houses) with fins, "
                            "base candidates outside the cover houses. Either a fin holds the digit or the fish "
                            "does, so only cells that see every fin lose it.",
    "Franken swordfish": "A fish whose base or cover sets include boxes, not only rows or columns: three base "
                         "houses that must each hold the digit, whose candidates of it all lie in three cover "
                         "houses. The base houses' digits fill the cover houses, so the rest of the cover "
                         "houses lose it.",
    "Finned Franken swordfish": "A Franken swordfish (boxes among its three base or cover houses) with fins: base "
                                "candidates outside the cover houses. Either a fin holds the digit or the fish does, "
                                "so only cells that see every fin lose it.",
    "Mutant swordfish": "A fish of three base and three cover houses where rows and columns (and boxes) mix "
                        "on one side. The base houses must each hold the digit and all their candidates of it "
                        "lie in the cover houses, so the rest of the cover houses lose it.",
    "Finned mutant swordfish": "A mutant swordfish (rows and columns mixed in its base or cover houses) with fins, "
                               "base candidates outside the cover houses. Either a fin holds the digit or the fish "
                               "does, so only cells that see every fin lose it.",
    "Franken jellyfish": "A fish whose base or cover sets include boxes, not only rows or columns: four base "
                         "houses that must each hold the digit, whose candidates of it all lie in four cover "
                         "houses. The base houses' digits fill the cover houses, so the rest of the cover "
                         "houses lose it.",
    "Finned Franken jellyfish": "A Franken jellyfish (boxes among its four base or cover houses) with fins: base "
                                "candidates outside the cover houses. Either a fin holds the digit or the fish does, "
                                "so only cells that see every fin lose it.",
    "Mutant jellyfish": "A fish of four base and four cover houses where rows and columns (and boxes) mix on "
                        "one side. The base houses must each hold the digit and all their candidates of it "
                        "lie in the cover houses, so the rest of the cover houses lose it.",
    "Finned mutant jellyfish": "A mutant jellyfish (rows and columns mixed in its base or cover houses) with fins, "
                               "base candidates outside the cover houses. Either a fin holds the digit or the fish "
                               "does, so only cells that see every fin lose it.",
    "Kraken fish": "A finned fish whose fins do not all see a cell of the cover houses. If each fin, "
                   "when true, would remove the digit from that cell by a forcing chain, the cell loses "
                   "the digit anyway: either a fin holds it or the fish does.",
    "Template": "Take one digit and list every way to place all of its copies that the candidates "
                "allow, one in each row, column and box (a template). A cell every template uses "
                "takes the digit; a candidate no template uses goes.",
    # forcing
    "Forcing chain": "Suppose a candidate is true and follow what must then happen, one forced step after another. "
                     "If that ends in a contradiction, such as a cell with no digit left, the candidate was false. "
                     "Every line of the chain is a step you can check.",
    "Forcing net": "A forcing chain whose steps may need several earlier steps at once, so it spreads like a net. "
                   "Its other form tries every candidate of a cell (or every place of a digit): whatever follows "
                   "from all of them is true.",
    "Nested forcing net": "A forcing net whose steps may themselves be shown by shorter forcing chains: the "
                          "hardest logic the hints use, tried only when everything else is stuck. It is still "
                          "logic, never a guess.",
}
