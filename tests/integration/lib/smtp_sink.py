"""A real SMTP server for the notification tests: Debian's python3-aiosmtpd on a loopback port, writing each
message it accepts as one JSON line {"from", "to", "data"} to a file (tests/integration/notifications.test.mjs).

    /usr/bin/python3 smtp_sink.py PORT FILE
"""
import json
import signal
import sys
import threading

from aiosmtpd.controller import Controller


class Record:
    def __init__(self, path):
        self.path = path

    async def handle_DATA(self, server, session, envelope):
        with open(self.path, "a", encoding="utf-8") as out:
            out.write(json.dumps({"from": envelope.mail_from, "to": envelope.rcpt_tos,
                                  "data": envelope.content.decode("utf-8", "replace")}) + "\n")
        return "250 OK"


def main():
    port, path = int(sys.argv[1]), sys.argv[2]
    controller = Controller(Record(path), hostname="127.0.0.1", port=port)
    controller.start()
    print("ready", flush=True)
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    signal.signal(signal.SIGINT, lambda *_: done.set())
    done.wait()
    controller.stop()


if __name__ == "__main__":
    main()
