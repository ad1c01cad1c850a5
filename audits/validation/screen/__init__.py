"""Validation's screen: a batch of lines read as columns, the certainly clean rounds counted.

Almost every round of a real hand log is clean, and validating it one round at a time costs
CPython work per round and per seat.  The screen reads a batch of lines at once:

1. :mod:`.reader` walks every line once, in compiled code, as strict JSON and as the
   published format says, into columns (amounts in integer cents, times in microseconds);
   a line it does not vouch for is left to the exact path;
2. :mod:`.batch` checks what every round shares and groups the rounds by place (their
   bytes, :mod:`.grouping`) for the rules in force there;
3. each game's screen (``audits/validation/games/<game>/screen.py``, on :mod:`.game`) puts
   every seat (:mod:`.seats`) in a *class*: what the cards decide, with the wagers placed
   and the results written, never their amounts; :mod:`.classes` judges one seat of each
   class by the exact path and keeps its verdict and the odds of each wager;
4. :mod:`.game` checks in columns, for every seat, its stakes against the limits, the
   structures that compare amounts, and every result against its own stake at its class's
   odds (:mod:`.money`, integer cents, the engine's rounding);
5. a round is counted clean when its checks pass and every seat is clean; every other
   round goes to the exact path, which alone writes findings.

The screen may send a clean round to the exact path; it never counts a faulty one clean
(``tests/audits/submissions/test_fast_path*.py``).  Its kernels are compiled by numba
(:mod:`.jit`); each is held to its plain-Python self
(``tests/audits/validation/screen/test_kernel_references.py``).
"""
