"""The words of the codes about the record itself: a line's format, the integrity of the
rounds and the file, and whether the round was approved and authorized where it was played."""

from __future__ import annotations

from audits.validation.words import FindingWords

RECORD_WORDS: dict[str, FindingWords] = {
    "line_not_utf8": FindingWords(
        "A line that is not text",
        "a line is not UTF-8 text",
        "the table system's export: its encoding must be UTF-8",
    ),
    "line_not_json": FindingWords(
        "A line that is not JSON",
        "a line is not JSON",
        "the export: a line cut short or written by hand",
    ),
    "line_not_object": FindingWords(
        "A line that is not a record",
        "a line is JSON but not an object",
        "the export: each line must be one JSON object",
    ),
    "duplicate_key": FindingWords(
        "A field written twice",
        "a key is written twice in one object (which one holds is not for the reader to choose)",
        "the export: a record may not repeat a key",
    ),
    "line_too_long": FindingWords(
        "A line over 1 MiB",
        "a line is longer than 1 MiB",
        "the export: one round per line",
    ),
    "field_invalid": FindingWords(
        "A field missing or of the wrong type",
        "a field is missing or of the wrong type",
        "the field named in the message against the format",
    ),
    "unsupported_version": FindingWords(
        "A format version the service does not read",
        "the line is of a format version the service does not read",
        "the table system's export version",
    ),
    "bad_time": FindingWords(
        "A time without its offset",
        "played_at is not an RFC 3339 time with an offset",
        "the table system's clock settings: played_at needs its UTC offset",
    ),
    "bad_card": FindingWords(
        "A card that does not exist",
        "a card is not one of the 52 codes",
        "the card reader or the export of the round",
    ),
    "bad_amount": FindingWords(
        "An amount that is not money",
        "an amount has more than two decimals or is out of range",
        "the export of amounts: two decimals at most",
    ),
    "negative_stake": FindingWords(
        "A negative stake",
        "a stake is negative",
        "the export of stakes",
    ),
    "seat_count": FindingWords(
        "Seats missing or numbered wrongly",
        "a round has no seat, more than seven, or a seat numbered outside 1 to 7",
        "the round's seats: one to seven, numbered 1 to 7",
    ),
    "duplicate_seat": FindingWords(
        "The same seat twice in a round",
        "two seats of a round have the same number",
        "the round's seats in the table system",
    ),
    "unknown_wager": FindingWords(
        "A wager the game does not have",
        "a wager key the game does not have",
        "the table's game configuration and the wager names it exports",
    ),
    "line_not_checked": FindingWords(
        "A line the service could not check",
        "checking the line failed in the service itself (the line is kept; the reason is given)",
        "nothing on your side: the service's team is told; the line is kept",
    ),
    "file_truncated": FindingWords(
        "A compressed file damaged or cut short",
        "a gzip file is damaged or ends before its end: the lines before the damage are "
        "validated, whatever followed is missing",
        "the upload: send the whole file again",
    ),
    "duplicate_round": FindingWords(
        "The same round twice in the file",
        "a round id appears twice at a table in the file",
        "the table system's round numbering and the export",
    ),
    "duplicate_round_submitted": FindingWords(
        "A round already submitted",
        "a round id at a table was already in an earlier file of the same licensee",
        "whether this file repeats an earlier one; if so, withdraw the mistaken submission",
    ),
    "resent_after_withdrawal": FindingWords(
        "A withdrawn round sent again",
        "a round id at a table was in a submission its licensee withdrew, and is sent again: "
        "an error naming what changed when its values differ, a note (warning) when the bytes "
        "are the same",
        "the withdrawn submission's line beside this one: a correction of a reported result "
        "is the commission's to accept",
    ),
    "card_over_shoe": FindingWords(
        "More of a card than the shoe holds",
        "a card appears more often than the shoe holds",
        "the shoe's deck count and the card reader",
    ),
    "wrong_card_count": FindingWords(
        "A hand with the wrong number of cards",
        "a hand has the wrong number of cards for the game",
        "the deal on the table's video and the card reader",
    ),
    "toss_not_in_hand": FindingWords(
        "A tossed card not in the hand",
        "a tossed card is not one of the hand's cards",
        "the record of the toss at the table",
    ),
    "hands_inconsistent": FindingWords(
        "Hands that do not follow from the deal",
        "a seat's hands do not follow from its first two cards, or its main result is written "
        "beside them",
        "the record of splits and draws at the table",
    ),
    "played_in_future": FindingWords(
        "A round dated after its file",
        "a round is dated more than a day after its file was submitted: the line is rejected "
        "and counted nowhere",
        "the table system's clock",
    ),
    "played_before_records": FindingWords(
        "A round dated before any record",
        "a round is dated before the first day of its venue's and jurisdiction's records (the "
        "first wager limit or authorization): the line is rejected and counted nowhere",
        "the table system's clock, or the export's date field",
    ),
    "line_findings_truncated": FindingWords(
        "A line with too many findings",
        "a line has more findings than one line may yield: the rest are counted in this one, by "
        "code",
        "the line itself, on the round's page: it is likely damaged",
    ),
    "unknown_venue": FindingWords(
        "An unregistered venue",
        "the venue is not registered",
        "the venue code the table system exports",
    ),
    "unknown_table": FindingWords(
        "An unregistered table",
        "the venue has no such table",
        "the table codes registered for the venue",
    ),
    "unknown_game": FindingWords(
        "An unregistered game",
        "the game is not registered",
        "the game code the table system exports",
    ),
    "venue_not_of_licensee": FindingWords(
        "Another licensee's venue",
        "the venue belongs to another licensee: the round is not counted for it",
        "which licensee the file was submitted for",
    ),
    "game_not_authorized": FindingWords(
        "A game the venue may not run",
        "the venue is authorized for no version of the game",
        "the venue's authorizations in the registry",
    ),
    "table_not_authorized": FindingWords(
        "A game at a table not authorized for it",
        "the game is authorized at the venue, but not at this table",
        "which tables the authorization names",
    ),
    "not_yet_authorized": FindingWords(
        "Played before the authorization began",
        "the round is before the authorization's first day",
        "the authorization's first day",
    ),
    "authorization_ended": FindingWords(
        "Played after the authorization ended",
        "the round is after the authorization's last day",
        "the authorization's last day",
    ),
    "conditions_not_met": FindingWords(
        "An approval condition not yet met",
        "a condition of the approval the venue must meet was not met by that day",
        "the conditions of the approval and when each was met",
    ),
    "approval_not_in_force": FindingWords(
        "An approval not in force that day",
        "the approval was not in force that day (not yet granted, revoked, superseded)",
        "the approval's dates and status in the registry",
    ),
    "options_not_approved": FindingWords(
        "A variant the approval does not allow",
        "the round's variant is not one the approval allows, or it does not declare one",
        "the options the table runs against the approval",
    ),
    "options_not_authorized": FindingWords(
        "A variant the venue is not authorized to run",
        "the variant is approved, but the venue is authorized to run another",
        "the options in the venue's authorization",
    ),
    "decks_not_approved": FindingWords(
        "A shoe size the rules do not allow",
        "the shoe's size is not one the approved rules allow",
        "the number of decks in the shoe",
    ),
    "decks_not_authorized": FindingWords(
        "A shoe size the venue is not authorized for",
        "the shoe's size is approved, but the venue (or table) is authorized for another",
        "the decks in the venue's authorization",
    ),
}
