"""The GIL is released while a simulation runs, and Ctrl-C (KeyboardInterrupt) stops it."""

import _thread
import signal
import threading
import time

import pytest

import slot_math


def test_another_python_thread_runs_while_a_simulation_does():
    done = threading.Event()
    result = {}

    def run():
        result["report"] = slot_math.simulate("moon-princess", rounds=3_000_000, seed=1, threads=1)
        done.set()

    t = threading.Thread(target=run)
    t.start()
    ticks = 0
    # Pure-Python work on this thread: it only progresses if the simulation lets go of the GIL.
    while not done.is_set():
        sum(range(1000))
        ticks += 1
    t.join()
    assert result["report"].rounds == 3_000_000
    # Millions of rounds take a second or more: thousands of ticks, where a held GIL allows
    # only those of Python's switch interval before the simulation starts.
    assert ticks > 1000, ticks


@pytest.mark.parametrize("what", ["simulate", "rounds"])
def test_ctrl_c_stops_a_long_run(what):
    # A shell that starts the tests in the background without job control has SIGINT
    # ignored, and then `interrupt_main` does nothing: Python's own handler is put back for
    # the test, so that it tests the run's stop and cannot hang.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            if what == "simulate":
                slot_math.simulate("moon-princess", rounds=10**11, seed=1, threads=1)
            else:
                # Seconds of rounds (about 3 GB of arrays if it ran to the end: within the
                # memory a test machine has, which rounds() checks before it starts).
                slot_math.rounds("wish-upon-a-star", 3 * 10**7, seed=1, threads=1)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    # Stopped after the batches under way (of 10,000 rounds), not after the whole run.
    assert time.monotonic() - start < 10
