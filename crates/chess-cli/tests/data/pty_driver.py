"""Drives `chess` through a pseudo-terminal, as a player at a terminal would.

usage: pty_driver.py [--env NAME=VALUE]... CHESS_BINARY INPUT...

Runs CHESS_BINARY (no arguments) on a new pseudo-terminal with TERM=xterm-256color, a UTF-8
locale and NO_COLOR unset (--env adds or overrides variables). Types each INPUT and Enter, each
only once a prompt ("White to move> ", "Save the game ... skip: ") has appeared in what the
program wrote after the previous input was accepted: the prompt of the line just typed, which
the line editor may redraw, does not count. After the last input, reads until the program
exits.

Prints everything the program wrote. Exits 1 if a prompt never came or the program did not
exit in time (saying which on stderr), else with the program's exit status.
"""

import os
import pty
import re
import select
import sys
import time

PROMPT = re.compile(rb"to move(?: \(check\))?> |skip: ")
STEP_TIMEOUT = 30.0


def main():
    args = sys.argv[1:]
    extra = {}
    while args and args[0] == "--env":
        name, _, value = args[1].partition("=")
        extra[name] = value
        args = args[2:]
    binary, inputs = args[0], args[1:]
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    env.update(extra)
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(binary, [binary], env)
    output = bytearray()
    eof = False

    def read_some(deadline):
        """Reads what is there (waiting up to the deadline); False at end of output."""
        nonlocal eof
        timeout = max(0.0, min(0.5, deadline - time.monotonic()))
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            # Linux reports EIO on the master once the program has exited.
            chunk = b""
        if not chunk:
            eof = True
            return False
        output.extend(chunk)
        return True

    def wait_for_prompt(since, after_accept):
        """Waits for a prompt written after `since`; when `after_accept`, only one after the
        line break that ends the line just typed (the editor may redraw that line, prompt and
        all, before accepting it)."""
        deadline = time.monotonic() + STEP_TIMEOUT
        while True:
            start = since
            if after_accept:
                newline = output.find(b"\n", since)
                start = None if newline < 0 else newline + 1
            if start is not None and PROMPT.search(output, start):
                return True
            if eof or time.monotonic() > deadline:
                return False
            read_some(deadline)

    ok = True
    since = 0
    for i, text in enumerate(inputs):
        if not wait_for_prompt(since, after_accept=i > 0):
            sys.stderr.write(f"no prompt came for input {i + 1} ({text!r})\n")
            ok = False
            break
        since = len(output)
        os.write(fd, text.encode() + b"\r")

    deadline = time.monotonic() + STEP_TIMEOUT
    while ok and not eof:
        if time.monotonic() > deadline:
            sys.stderr.write("the program did not exit after the last input\n")
            ok = False
            break
        read_some(deadline)
    if not ok:
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass
    _, status = os.waitpid(pid, 0)
    sys.stdout.write(output.decode("utf-8", "replace"))
    if not ok:
        sys.exit(1)
    sys.exit(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else 0)


main()
