"""The worked example: a real first trick, found and played by the engine, then narrated.

The rule specification asks for this scene: the leader opens with the lowest club, the next
player plays a high club and wins, a third player has no clubs and holds the queen of spades but
may not drop her on the first trick (and so throws a high diamond), the others follow with lower
clubs, and the winner leads next but may not lead a heart. :func:`find_example` searches seeded
deals for that scene under the house rules in force and plays it through :class:`Hand`; every
card choice is checked by the engine, and every sentence is written from what the engine
reports. Where the rules change the scene (points allowed on the first trick, the dealer's left
leading, the queen that must go at once), the narration follows what the engine allows.

North (seat 0) deals, as on the score sheet, so the first trick opens from East when the dealer's
left leads. Where a kitty is dealt the result says who takes it and counts its points with the
trick's, as :meth:`Hand.points` does.

The sentence patterns come from ``content/example.yaml``, checked and passed in as
:class:`ExamplePatterns`; this module reads no files.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sheets.cards import CLUBS, DIAMONDS, HEARTS, QS_BIT, QUEEN_OF_SPADES, SUIT_MASKS, Card
from sheets.engine import Hand, HouseRules, Trick, first_leader, random_holdings
from sheets.language import SEAT_PLACEHOLDERS

if TYPE_CHECKING:
    from sheets.language import Language

SEARCH_LIMIT = 20_000
DEALER = 0  # North deals the example's hand, as the score sheet has North deal the first hand
HIGH = 9  # the jack: a "high" card is the jack or better


@dataclass(frozen=True, slots=True)
class ExamplePatterns:
    """The example's sentence patterns (``content/example.yaml``), each group a mapping from
    a case to a pattern; :data:`PATTERN_GROUPS` names the cases and placeholders."""

    heading: str
    intro: Mapping[str, str]
    lead: Mapping[str, str]
    follow: Mapping[str, str]
    void: Mapping[str, str]
    points: Mapping[str, str]
    result: Mapping[str, str]
    next: Mapping[str, str]
    captions: Mapping[str, str]
    follow_many: str
    language: Language  # the seats' and the suits' names, and how a list is joined


#: Every group of :class:`ExamplePatterns`: its cases (None: a single pattern) and the
#: placeholders its patterns may use.
PATTERN_GROUPS: dict[str, tuple[tuple[str, ...] | None, tuple[str, ...]]] = {
    "heading": (None, ()),
    "intro": (("after-pass", "no-pass", "never-passes"), ("dealer",)),
    "lead": (
        ("lowest-club", "dealer-left", "dealer-left-points"),
        ("seat", "card", "dealer", "queen"),
    ),
    "follow": (("winning", "cancelled", "low", "low-again"), ("seat", "card", "held", "suit")),
    # several players in a row who follow low, said in one sentence: "A, B and C follow in turn
    # with 4♣, 6♣ and 8♣" (the lists joined as language.yaml joins them)
    "follow_many": (None, ("seats", "cards")),
    "void": (
        ("barred", "dump", "forced", "only-points", "plain"),
        ("seat", "card", "suit", "queen"),
    ),
    "points": (("none", "one", "some", "minus"), ("points",)),
    "result": (("trick", "kitty", "kitty-waits"), ("seat", "card", "points", "kitty", "queen")),
    "next": (("no-hearts", "broken", "any-time", "only-hearts"), ("seat",)),
    "captions": (
        (
            "lead",
            "lead-cancelled",
            "winning",
            "cancelled",
            "low",
            "barred",
            "dump",
            "forced",
            "only-points",
            "plain",
        ),
        (),
    ),
}


@dataclass(frozen=True, slots=True)
class _Play:
    """One card of the scene as it was played, before it is narrated."""

    seat: int
    card: Card
    role: str
    held_of_suit: tuple[Card, ...]
    legal: tuple[Card, ...]
    refused: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class _Scene:
    """A deal whose first trick shows the scene: the hand after it and what was played."""

    hand: Hand
    trick: Trick
    plays: tuple[_Play, ...]
    next_leader: int
    next_legal: tuple[Card, ...]
    next_refused: tuple[Card, ...]


class ExampleError(RuntimeError):
    """No deal shows a first trick under these rules (should never happen)."""


@dataclass(frozen=True, slots=True)
class ExampleStep:
    """One card of the example trick, with what the engine said about it."""

    seat: int
    name: str
    card: Card
    role: str  # lead, winning, low, cancelled, barred, dump, forced, plain
    held_of_suit: tuple[Card, ...]  # the led suit's cards the player held before playing
    legal: tuple[Card, ...]  # the engine's legal set at this play
    refused: tuple[Card, ...]  # cards the text says may not be played here
    sentence: str
    caption: str
    wins: bool = False  # this card won the trick
    cancelled: bool = False  # an identical card fell in the trick and cancelled it


def _intro_case(rules: HouseRules) -> str:
    """How the example opens: after the first hand's pass, with a first hand that keeps its
    cards, or at a table where no hand ever passes (said so, not as if later hands did)."""
    if not rules.passes:
        return "never-passes"
    return "no-pass" if rules.pass_direction(0) == "hold" else "after-pass"


def seat_direction(seat: int, players: int) -> tuple[float, float]:
    """Where a seat sits round the table, as a unit vector (x right, y up): seat 0 at the
    top, the others clockwise. Both pictures of the trick place their cards by it."""
    angle = math.pi / 2 - 2 * math.pi * seat / players
    return math.cos(angle), math.sin(angle)


@dataclass(frozen=True, slots=True)
class WorkedExample:
    """The example trick and its narration."""

    rules: HouseRules
    seed: int
    dealer: int
    heading: str
    intro: str
    steps: tuple[ExampleStep, ...]
    narration: tuple[str, ...]  # the steps' sentences, those who follow low in a row in one
    trick: Trick
    next_leader: int
    next_legal: tuple[Card, ...]
    next_refused: tuple[Card, ...]  # cards the next leader holds but may not lead
    result_sentence: str
    next_sentence: str
    kitty: tuple[Card, ...] = ()  # the cards dealt face down, if any
    kitty_taker: int | None = None  # who holds the kitty after the first trick, if anyone
    points_taken: int = 0  # what the winner holds after the first trick, kitty included
    picture: Mapping[str, Any] = field(default_factory=dict)  # the picture's words (language.yaml)
    indices: tuple[str, ...] = ()  # the ranks as the language's decks print them (language.yaml)

    def index(self, card: Card) -> str:
        """A card's rank as the language's decks print it: "Q" in English, "D" in German."""
        return self.indices[card.rank] if self.indices else card.rank_text

    def symbol(self, card: Card) -> str:
        """A card as the text writes it: its index and its suit's symbol."""
        return self.index(card) + card.suit_symbol

    @property
    def middle(self) -> tuple[tuple[str, ...], ...]:
        """The wordings of the middle of the table, the longer first: "Trick 1" and "played
        clockwise ↻", then "Trick 1" and "clockwise ↻"."""
        return tuple((self.picture["trick"], clockwise) for clockwise in self.picture["clockwise"])

    @property
    def dealer_mark(self) -> str:
        """What follows the dealer's name in the picture: " (dealer)"."""
        return self.picture["dealer"]

    @property
    def sentences(self) -> tuple[str, ...]:
        """Every sentence, in order."""
        return (*self.narration, self.result_sentence, self.next_sentence)

    @property
    def winner(self) -> int | None:
        """The seat that won the trick."""
        return self.trick.winner

    def text(self) -> str:
        """The example as plain text, for the terminal."""
        lines = [self.heading, self.intro, ""]
        for step in self.steps:
            lines.append(f"  {step.name:>9}  {self.symbol(step.card):>3}  {step.caption}")
        lines += ["", *self.sentences]
        return "\n".join(lines)


def _symbols(cards, language: Language) -> str:
    return " ".join(language.symbol(c) for c in sorted(cards, reverse=True))


@dataclass(frozen=True, slots=True)
class _CardWords:
    """A card in a sentence: its symbol, ``{card}``, or with its article, ``{card:the}``."""

    symbol: str
    with_article: str

    def __format__(self, spec: str) -> str:
        return self.with_article if spec == "the" else format(self.symbol, spec)


@dataclass(frozen=True, slots=True)
class _SeatWords:
    """A seat in a sentence: its name, ``{seat}``, or another form, ``{dealer:of}``
    (:meth:`~sheets.language.Language.seat_words`)."""

    forms: dict[str, str]

    def __format__(self, spec: str) -> str:
        return self.forms.get(spec) or format(self.forms[""], spec)


class _Narrator:
    """Fills the content's sentence patterns and captions."""

    def __init__(self, patterns: ExamplePatterns, players: int = 4):
        self.p = patterns
        words = patterns.language.seat_words(players)
        self.seats = {forms[""]: _SeatWords(forms) for forms in words}

    def say(self, group: str, key: str, **values: Any) -> str:
        text = getattr(self.p, group)[key]
        language = self.p.language
        values.setdefault("queen", QUEEN_OF_SPADES)
        return text.format(
            **{
                k: (
                    _CardWords(language.symbol(v), language.with_article(v))
                    if isinstance(v, Card)
                    else self.seats.get(v, v)
                    if k in SEAT_PLACEHOLDERS and isinstance(v, str)
                    else v
                )
                for k, v in values.items()
            }
        )

    def caption(self, role: str) -> str:
        return self.p.captions[role]

    def listed(self, items: list[str]) -> str:
        """ "a", "a and b", "a, b and c", as the language joins a list."""
        return self.p.language.listed(items, "and")

    def narration(self, steps: list[ExampleStep], brief: list[bool]) -> tuple[str, ...]:
        """The steps' sentences, a run of two or more said briefly (``brief``) in one."""
        out: list[str] = []
        run: list[ExampleStep] = []
        for step, short in zip(steps, brief):
            if short:
                run.append(step)
                continue
            out += self._said_briefly(run)
            run = []
            out.append(step.sentence)
        return tuple(out + self._said_briefly(run))

    def _said_briefly(self, run: list[ExampleStep]) -> list[str]:
        """A run of brief steps: two or more in one sentence, one in its own."""
        if len(run) < 2:
            return [s.sentence for s in run]
        symbol = self.p.language.symbol
        return [
            self.p.follow_many.format(
                seats=self.listed([s.name for s in run]),
                cards=self.listed([symbol(s.card) for s in run]),
            )
        ]

    def points(self, points: int) -> str:
        """Points taken, in words: "no points", "1 point", "13 points", "10 points off"."""
        key = "none" if points == 0 else "one" if points == 1 else "some" if points > 0 else "minus"
        return self.say("points", key, points=abs(points))


def _choose(hand: Hand, index: int, strict: bool, best: Card | None) -> tuple[Card, str] | None:
    """The card the player at ``index`` (0 = the leader) plays in the scene, with its role
    when it is not decided by the led suit; None when this deal does not fit the scene."""
    legal = hand.legal_plays()
    held = hand.held(hand.to_play)
    clubs = [c for c in legal if c.suit == CLUBS]
    if index == 0:
        if hand.opening_card is not None:
            return hand.opening_card, "lead"
        if clubs and (clubs[0].rank > 0 or not strict):  # show that any club may open
            return clubs[0], "lead"
        return None if strict else (legal[0], "lead")
    if index == 1 and clubs and clubs[-1].rank >= HIGH:
        return clubs[-1], "follow"
    if index == 2 and not any(c.suit == CLUBS for c in held):
        if QUEEN_OF_SPADES in legal:
            if not hand.rules.points_on_first_trick:
                return QUEEN_OF_SPADES, "only-points"  # nothing but hearts and the queen
            forced = legal == (QUEEN_OF_SPADES,) and len(held) > 1
            return QUEEN_OF_SPADES, "forced" if forced else "dump"
        diamonds = [c for c in legal if c.suit == DIAMONDS and c != hand.rules.bonus]
        if QUEEN_OF_SPADES in held and diamonds and diamonds[-1].rank >= HIGH - 1:
            return diamonds[-1], "barred"
    elif index > 2 and clubs and (best is None or clubs[0] < best):
        return clubs[0], "follow"
    if strict:
        return None
    return legal[0], "follow" if best is not None and legal[0].suit == best.suit else "plain"


def _third_seat_fits(rules: HouseRules, seed: int) -> bool:
    """A quick look at a deal before it is played: does the third player to the first trick
    hold Q♠ and no clubs, as the scene needs?"""
    held = random_holdings(rules, seed, dealer=DEALER)
    third = held[(first_leader(rules, held, DEALER) + 2) % rules.players]
    return bool(third & QS_BIT) and not third & SUIT_MASKS[CLUBS]


def _play_scene(rules: HouseRules, seed: int, strict: bool) -> _Scene | None:
    """Play the first trick of one deal as the scene asks; None if the deal does not fit."""
    players = rules.players
    hand = Hand.random(rules, seed=seed, dealer=DEALER, pass_direction="hold")
    leader = hand.to_play
    steps = []
    best: Card | None = None
    for index in range(players):
        seat = hand.to_play
        held = hand.held(seat)
        legal = hand.legal_plays()
        choice = _choose(hand, index, strict, best)
        if choice is None:
            return None
        card, role = choice
        led = card.suit if best is None else best.suit
        if role == "follow":
            if card in (c for _, c in hand.current_trick):
                role = "cancelled"
            else:
                role = "winning" if best is None or card > best else "low"
        if card.suit == led and (best is None or card > best):
            best = card
        hand.play(card)
        refused = (QUEEN_OF_SPADES,) if role == "barred" else ()
        held_of_suit = tuple(c for c in held if c.suit == led)
        steps.append(_Play(seat, card, role, held_of_suit, legal, refused))
    trick = hand.tricks[0]
    if trick.winner is None or (strict and trick.winner != (leader + 1) % players):
        return None
    next_leader = hand.to_play
    next_legal = hand.legal_plays()
    held_next = hand.held(next_leader)
    hearts = tuple(c for c in held_next if c.suit == HEARTS)
    if strict and (not hearts or len(hearts) == len(held_next)):
        return None
    next_refused = tuple(c for c in hearts if c not in next_legal)
    return _Scene(hand, trick, tuple(steps), next_leader, next_legal, next_refused)


def find_example(rules: HouseRules, patterns: ExamplePatterns, seed: int = 0) -> WorkedExample:
    """Search deals from ``seed`` on for the specification's scene under ``rules``; fall back
    to the first deal's plain first trick where the scene cannot happen. Deterministic."""
    narrator = _Narrator(patterns, rules.players)
    for strict in (True, False):
        for s in range(seed, seed + (SEARCH_LIMIT if strict else 50)):
            if strict and not _third_seat_fits(rules, s):
                continue
            found = _play_scene(rules, s, strict)
            if found:
                return _narrate(rules, s, found, narrator)
    raise ExampleError(f"no deal shows a first trick under these rules (from seed {seed})")


def _narrate(rules: HouseRules, seed: int, scene: _Scene, narrator: _Narrator) -> WorkedExample:
    patterns = narrator.p
    hand, trick = scene.hand, scene.trick
    names = patterns.language.seat_names(rules.players)
    suit = patterns.language.suits[trick.led_suit]
    cancelled = set(trick.cancelled)
    dealer = names[hand.dealer]
    steps = []
    brief = []  # each step said briefly ("X follows with 7♣")
    followed = False  # a lower card has been narrated in full: later ones are said briefly
    for play in scene.plays:
        seat, card, role = play.seat, play.card, play.role
        short = False
        name = names[seat]
        values = dict(
            seat=name, card=card, held=_symbols(play.held_of_suit, patterns.language), suit=suit
        )
        if role == "lead":
            lead = rules.first_lead
            if lead == "dealer-left" and rules.points_on_first_trick:
                lead = "dealer-left-points"  # only a heart is barred from opening the hand
            sentence = narrator.say("lead", lead, seat=name, card=card, dealer=dealer)
        elif role in ("winning", "low", "cancelled"):
            short = role == "low" and followed
            sentence = narrator.say("follow", "low-again" if short else role, **values)
            followed = followed or role == "low"
        else:
            sentence = narrator.say("void", role, seat=name, card=card, suit=suit)
        brief.append(short)
        wins, was_cancelled = seat == trick.winner, card in cancelled
        caption_role = (
            ("lead-cancelled" if role == "lead" else "cancelled")
            if was_cancelled
            else "winning"
            if wins
            else role
        )
        steps.append(
            ExampleStep(
                seat,
                name,
                card,
                role,
                play.held_of_suit,
                play.legal,
                play.refused,
                sentence,
                narrator.caption(caption_role),
                wins,
                was_cancelled,
            )
        )
    if trick.taker is None or trick.winner is None:
        raise ExampleError(f"the first trick of deal {seed} has no winner to show")
    taken = hand.points()[trick.taker]  # the trick's points, and the kitty's if it went too
    values = dict(
        seat=names[trick.winner],
        card=trick.winning_card,
        points=narrator.points(taken),
        kitty=_symbols(hand.kitty, patterns.language),
    )
    if hand.kitty and hand.kitty_taker is not None:
        result = narrator.say("result", "kitty", **values)
    else:
        result = narrator.say("result", "trick", **values)
        if hand.kitty:
            result += " " + narrator.say("result", "kitty-waits")
    next_leader = scene.next_leader
    held_next = hand.held(next_leader)
    if rules.hearts_any_time:
        next_key = "any-time"
    elif hand.hearts_broken:
        next_key = "broken"
    elif held_next and all(c.suit == HEARTS for c in held_next):
        next_key = "only-hearts"
    else:
        next_key = "no-hearts"
    next_sentence = narrator.say("next", next_key, seat=names[next_leader])
    return WorkedExample(
        rules=rules,
        seed=seed,
        dealer=hand.dealer,
        heading=patterns.heading,
        intro=narrator.say("intro", _intro_case(rules), dealer=dealer),
        steps=tuple(steps),
        narration=narrator.narration(steps, brief),
        trick=trick,
        next_leader=next_leader,
        next_legal=scene.next_legal,
        next_refused=scene.next_refused,
        result_sentence=result,
        next_sentence=next_sentence,
        kitty=hand.kitty,
        kitty_taker=hand.kitty_taker,
        points_taken=taken,
        picture=dict(patterns.language.picture),
        indices=patterns.language.indices,
    )
