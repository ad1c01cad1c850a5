"""The words of the codes about the play: wagers and their limits, the house's procedure, the
dealer's and the players' actions, and the payouts."""

from __future__ import annotations

from audits.validation.words import FindingWords

PLAY_WORDS: dict[str, FindingWords] = {
    "over_limit": FindingWords(
        "A wager over the limit",
        "a wager is above the limit in force (the law's or the table's)",
        "the table's limit sign and the dealer's acceptance of the wager",
    ),
    "under_minimum": FindingWords(
        "A wager under the minimum",
        "a main wager is below the minimum in force",
        "the table's minimum and the dealer's acceptance of the wager",
    ),
    "wager_without_result": FindingWords(
        "A wager with no result",
        "a wager placed has no result recorded",
        "the settlement of the wager at the table",
    ),
    "result_without_wager": FindingWords(
        "A result for a wager not placed",
        "a result is recorded for a wager not placed",
        "the wagers recorded for the seat",
    ),
    "side_bet_without_main": FindingWords(
        "A side bet without the main bet",
        "a side bet is placed without the main bet",
        "the dealer's acceptance of side bets",
    ),
    "ante_without_21": FindingWords(
        "An ANTE without the 21 bet",
        "an ANTE is placed without the 21 bet",
        "the dealer's acceptance of the ANTE",
    ),
    "ante_above_21": FindingWords(
        "An ANTE above the 21 bet",
        "the ANTE is above the 21 bet",
        "the dealer's acceptance of the ANTE",
    ),
    "bet_not_equal_ante": FindingWords(
        "A poker BET not equal to the ANTE",
        "the poker BET is not equal to the ANTE",
        "the BET the dealer accepted",
    ),
    "bet_after_fold": FindingWords(
        "A BET on a folded hand",
        "a BET is recorded on a folded poker hand",
        "the poker decision recorded at the table",
    ),
    "bet_without_ante": FindingWords(
        "A BET without an ANTE",
        "a BET is placed without an ANTE",
        "the dealer's acceptance of the BET",
    ),
    "poker_bonus_not_fixed_stake": FindingWords(
        "A Poker Bonus of the wrong amount",
        "the Poker Bonus is not the fixed stake",
        "the Poker Bonus stake the dealer accepted",
    ),
    "poker_bonus_without_poker": FindingWords(
        "A Poker Bonus without playing poker",
        "a Poker Bonus is placed without the wager the rule version requires on the poker hand",
        "the poker decision and the Poker Bonus",
    ),
    "bonus_without_primary": FindingWords(
        "A tie wager without the primary wager",
        "a tie bonus wager is placed without the primary wager",
        "the dealer's acceptance of tie wagers",
    ),
    "left_side_above_half": FindingWords(
        "Left-side tie wagers over half the primary",
        "the left-side (LS) tie wagers exceed half the primary",
        "the tie wagers the dealer accepted",
    ),
    "right_side_above_half": FindingWords(
        "Right-side tie wagers over half the primary",
        "the right-side (RS) tie wagers exceed half the primary",
        "the tie wagers the dealer accepted",
    ),
    "bonus_above_primary": FindingWords(
        "Tie wagers over the primary wager",
        "the tie wagers together exceed the primary wager",
        "the tie wagers the dealer accepted",
    ),
    "insurance_not_offered": FindingWords(
        "Insurance where it may not be taken",
        "insurance is taken though the up card is not an ace",
        "the dealer's offer of insurance",
    ),
    "insurance_above_half": FindingWords(
        "Insurance over half the main wager",
        "insurance is above half the main wager",
        "the insurance the dealer accepted",
    ),
    "wrong_toss": FindingWords(
        "A player's toss that is not the best",
        "a player's toss does not leave the best three-card hand",
        "the toss on the table's video and the dealer's check of it",
    ),
    "dealer_wrong_toss": FindingWords(
        "A dealer's toss that is not the best",
        "the dealer's toss does not leave his best three-card hand",
        "the dealer's procedure for the toss",
    ),
    "dealer_drew_wrongly": FindingWords(
        "The dealer drew against the drawing rule",
        "the dealer drew or stood against the drawing rule",
        "the dealer's drawing procedure and the table's soft-17 rule",
    ),
    "dealer_drew_needlessly": FindingWords(
        "The dealer drew with every hand settled",
        "the dealer drew with every hand already bust or paid, where a house procedure (a "
        "rule-version parameter) says he stands",
        "the house procedure for the dealer's hand",
    ),
    "split_not_allowed": FindingWords(
        "A split the rules do not allow",
        "a hand was split that may not be",
        "the dealer's procedure for splits",
    ),
    "too_many_splits": FindingWords(
        "More splits than the rules allow",
        "a seat holds more hands than the rule version allows",
        "the dealer's procedure for splits",
    ),
    "double_not_allowed": FindingWords(
        "A double the rules do not allow",
        "a hand was doubled that may not be",
        "the dealer's procedure for doubles",
    ),
    "double_wrong_card_count": FindingWords(
        "A doubled hand that did not take one card",
        "a doubled hand did not take exactly one card",
        "the deal on the table's video",
    ),
    "hit_after_21": FindingWords(
        "A card drawn to 21",
        "a card was drawn to a hand of 21",
        "the deal on the table's video",
    ),
    "hit_after_bust": FindingWords(
        "A card drawn to a bust hand",
        "a card was drawn to a bust hand",
        "the deal on the table's video",
    ),
    "hit_split_aces": FindingWords(
        "A split ace drawn to",
        "a split ace drew more than its one card",
        "the dealer's procedure for split aces",
    ),
    "overpaid": FindingWords(
        "Paid more than the rules give",
        "a result is more than the approved rules and paytable give",
        "the paytable posted at the table and the dealer's payout; the money may be owed back",
    ),
    "underpaid": FindingWords(
        "Paid less than the rules give",
        "a result is less than the approved rules and paytable give",
        "the paytable posted at the table and the dealer's payout; the player is owed the "
        "difference",
    ),
    "aggregate_payout_exceeded": FindingWords(
        "A round paid over the aggregate limit",
        "a round paid more in all than the aggregate payout limit",
        "the aggregate payout limit and the round's payouts",
    ),
}
