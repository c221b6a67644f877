"""The bottom layer of kit: what every subsystem shares, importing nothing else from kit.

- :mod:`kit.core.errors` - the exception tree under :class:`KitError`.
- :mod:`kit.core.frames` - the one schema-to-DataFrame builder and its dtype vocabulary.
- :mod:`kit.core.problems` - the one "problems" frame shape of every lenient reader.
- :mod:`kit.core.validation` - parameter checks worded like scikit-learn's.
- :mod:`kit.core.atomic_files` - atomic writes that never follow links, process locks, non-blocking reads.
- :mod:`kit.core.json_files` - bounded JSON parsing (depth, integer length, memory) with kit errors.
- :mod:`kit.core.png` - PNG chunk reading and writing (character cards).
- :mod:`kit.core.document` - the :class:`Document` record.
"""
