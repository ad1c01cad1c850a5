"""``manage.py parsheet``: the interface later issues and the reports rely on."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db  # the command also lists the registry's defined wagers


def run(*args) -> str:
    out = StringIO()
    call_command("parsheet", *args, stdout=out)
    return out.getvalue()


def test_json_par_sheet_of_toss_one_21():
    data = json.loads(run("toss-one-21", "--decks", "1", "--json", "--no-sensitivity"))
    assert data["game"] == "toss-one-21" and data["decks"] == 1
    main = data["wagers"]["main"]
    assert {"house_edge", "return", "hit_frequency", "outcomes"} <= set(main)
    assert abs(main["house_edge"] + main["return"] - 1) < 1e-12
    outcome = main["outcomes"][0]
    assert {"outcome", "probability", "pays", "contribution", "probability_exact"} <= set(outcome)


def test_options_and_parameters_are_both_accepted():
    data = json.loads(
        run(
            "toss-one-21",
            "--decks=1",
            "--json",
            "--no-sensitivity",
            "--option",
            "dealer_three_card_blackjack=beats_21",
            "--option",
            "blackjack_pays=3:2",
        )
    )
    assert round(data["wagers"]["main"]["house_edge"] * 100, 2) == 1.03
    assert data["parameters"]["dealer_three_card_blackjack"] == "beats_21"


def test_text_output_names_every_wager_and_the_open_points():
    text = run("toss-one-21", "--decks", "1")
    expected = ("main:", "lucky3:", "bonus4:", "house edge", "dealer_three_card_blackjack=beats_21")
    for word in expected:
        assert word in text


@pytest.mark.parametrize(
    "args, message",
    [
        (("no-such-game",), "unknown game"),
        (("toss-one-21", "--decks", "9"), "outside 1 to 8"),
        (("toss-one-21", "--option", "blackjack_pays=2:1"), "not allowed"),
        (("toss-one-21", "--option", "colour"), "expected name=value"),
        (("toss-one-21", "--option", "nonsense=1"), "neither a parameter nor an option"),
    ],
)
def test_bad_arguments_are_clear_errors(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)
