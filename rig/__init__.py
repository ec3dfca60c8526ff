"""The rig: the game's own classes, loaded from a server jar the user has, as an implementation.

``server_jar`` opens a plain or bundler jar and identifies its version; ``jvm`` finds a Java
runtime that can run it; ``mappings`` resolves Mojang's names in obfuscated jars; ``game``
calls the game's classes by those names through JPype; ``probes`` run a case's operations;
``worker`` is the child process speaking the line protocol (``rig/PROTOCOL.md``);
``runner`` starts it and records references; ``fetch`` downloads a version's jars from
Mojang's version manifest. No Mojang code or jar is part of this repository.
"""

__version__ = "0.1.0"
