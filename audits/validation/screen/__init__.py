"""Validation's screen: a batch of lines read as columns, the certainly clean rounds counted.

Almost every round of a real hand log is clean, and validating it one round at a time costs
CPython work per round and per seat.  The screen reads a batch of lines at once:

1. :mod:`.lines` joins the batch into one buffer and finds where each line's fields lie in
   it: the compiled scanner (:mod:`.scan`) for the usual lines, :mod:`.decode` (msgspec)
   for any line the scanner cannot vouch for;
2. :mod:`.rounds` checks what every round shares (format version, seat numbers, the time,
   the rules in force at its place) in numpy, and groups the rounds by the rules they are
   judged by;
3. the game's own module (:mod:`.toss_one`, :mod:`.blackjack`, named in the table of games)
   turns each group into *classes*: seats that the game's settlement cannot tell apart (the
   same wager and result objects, the same outcome tokens from the engine's tables);
4. :mod:`.verdicts` judges one seat of each class by the exact path (strict parse, the
   game's settlement and checks) and remembers the verdict for the class;
5. a round is counted clean when every seat's class is clean and its round-level checks
   pass; every other round goes to the exact path, which alone writes findings.

The screen may send a clean round to the exact path; it never counts a faulty one clean
(``tests/audits/services/test_fast_path*.py``).
"""
