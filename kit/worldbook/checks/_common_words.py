"""Common English words that :func:`kit.worldbook.lint` checks short keys against (``broad_key``).

A short key found inside one of these words (``"elf"`` in ``"itself"``, ``"art"`` in ``"start"``) fires
on ordinary chat text whenever whole-word matching is off. The list is a few hundred frequent words of
role-play chats (verbs, function words, body, places, feelings); pass ``common_words=`` to lint to use
another.
"""

from __future__ import annotations

__all__ = ["COMMON_WORDS"]

_TEXT = """
about above across action actually after again against almost alone along already also always among
another answer anything anyone around arrive asked away back because become before began behind being
believe below beside between beyond body both bring brother building business came cannot careful carry
cause certain chance change character children city close cold come coming could country course create
dark daughter dead death decide different dinner door down dragon dream during each early earth easy
either else enough even evening ever every everyone everything eyes face fact family father fear feel
feeling felt few field fight finally find fine fire first follow food foot force forest forget forward
found friend from front full game garden gave general girl give given glance going gone good great
ground group grow guard half hand happen happy hard have head hear heard heart held hello help here
herself high himself history hold home hope horse hour house however human hundred idea important
inside instead into itself just keep kind king knew know knowledge land large last late later laugh
learn least leave left less letter life light like line listen little live long look lord love made
make many matter maybe mean meant memory might mind minute moment money more morning most mother mouth
move much must myself name near need never night nobody nothing notice number often okay once only
open order other others outside over own paper part party people perhaps person place plan play please
point power present pretty problem question quick quiet rather read ready real really reason remember
rest return right river road room round said same save school second seem seen self sense shall share
shelf short should shoulder show side sign silence simple since sister sleep slowly small smile smell
soft some someone something sometimes soon sorry sound space speak special stand start state still
stone stop story strange street strong student study such sudden summer surprise table take talk
teacher tell than thank that their them themselves then there these they thing think this those
though thought through time today together told tomorrow tonight took toward town tree true trust
truth turn under understand until upon used very voice wait walk wall want warm watch water weapon
weather well went were what when where whether which while white whole why wife will window winter
wish with within without woman women wonder word work world would write wrong year yellow yesterday
young your yourself
"""

#: The words, lower-case, in alphabetical order.
COMMON_WORDS: tuple[str, ...] = tuple(sorted(set(_TEXT.split())))
