"""The conversations books are tried on: the studio's conversations and SillyTavern chat corpora.

:mod:`~kit.worldbook.conversations.studio` (conversations, turns and the studio folder),
:mod:`~kit.worldbook.conversations.chats` (chat logs read lazily, ChatCorpus). Import the names from
:mod:`kit.worldbook`; this package re-exports nothing.
"""
