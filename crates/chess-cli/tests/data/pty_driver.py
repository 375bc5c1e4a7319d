"""Drives `chess play` through a pseudo-terminal: answers each prompt with the next move.

usage: pty_driver.py CHESS_BINARY MOVE...

Prints everything the program wrote; exits non-zero if a prompt never came.
"""

import os
import pty
import select
import sys
import time


def main():
    binary, moves = sys.argv[1], sys.argv[2:]
    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        env.pop("NO_COLOR", None)
        os.execve(binary, [binary], env)
    output = b""
    deadline = time.monotonic() + 30

    def read_until(marker):
        nonlocal output
        while marker not in output:
            if time.monotonic() > deadline:
                return False
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return False
                if not chunk:
                    return False
                output += chunk
        return True

    ok = True
    for move in moves:
        start = len(output)
        if not read_until(b"to move"):
            ok = False
            break
        # Wait for the whole prompt, then answer it.
        read_until(b"> ")
        os.write(fd, move.encode() + b"\r")
        # Consume until the move has been echoed back as played.
        time.sleep(0.05)
    if ok:
        ok = read_until(b"Save the game")
        os.write(fd, b"\r")
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    sys.stdout.write(output.decode("utf-8", "replace"))
    sys.exit(0 if ok else 1)


main()
