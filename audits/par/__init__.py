"""Par and hold: the rules and par sheets in force at a venue on a day (:mod:`.rules`), the
theoretical hold of a set of wagers and its confidence interval (:mod:`.hold`, from the exact
outcome distribution of :mod:`.hold_distribution`).  Used by monitoring, reports and the
demo's sample month."""
