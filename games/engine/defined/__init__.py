"""Side wagers defined as data: a commission writes a wager in the registry (the cards it
reads and its outcomes, first match wins, each a combination of predicates from a fixed
vocabulary); the engine reads the definition (:mod:`.language`), decides each outcome from
the cards (:mod:`.evaluate`) and counts its exact par sheet over the shoe (:mod:`.exact`).
No expression is ever evaluated: the vocabulary is closed and every name is checked when the
definition is read."""
