"""The bottom layer of kit: what every subsystem shares, importing nothing else from kit.

- :mod:`kit.core.errors` - the exception tree under :class:`KitError`.
- :mod:`kit.core.frames` - the one schema-to-DataFrame builder and its dtype vocabulary.
- :mod:`kit.core.problems` - the one "problems" frame shape of every lenient reader.
- :mod:`kit.core.validation` - parameter checks worded like scikit-learn's.
- :mod:`kit.core.regular_files` - the one bounded reader: regular files only, never blocking, at most a cap.
- :mod:`kit.core.atomic_files` - atomic writes that never follow links, process locks, reads worded as StorageError.
- :mod:`kit.core.json_files` - the one JSON guard (objects, memory, depth before parsing; integer length).
- :mod:`kit.core.png` - PNG chunk reading and writing (character cards).
- :mod:`kit.core.document` - the :class:`Document` record.
- :mod:`kit.core.contracts` - :class:`typing.Protocol` contracts a lower layer needs from a higher one.
"""
