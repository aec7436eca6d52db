#!/usr/bin/env python3
"""Writes tests/data/email_validator.json: what pydantic's EmailStr (python-email-validator 2,
no DNS checks) makes of awkward addresses, the table tests/sim/validation.rs holds
`api::email` to. Each entry: the input, and either the normalised address or the reason it
is refused (pydantic's `value is not a valid email address: <reason>`).

    python3 -m venv /tmp/ev && /tmp/ev/bin/pip install 'email-validator==2.*' 'pydantic==2.*'
    /tmp/ev/bin/python scripts/email-validator-table.py > tests/data/email_validator.json
"""

import json
import sys

import email_validator
import pydantic
from pydantic import EmailStr, TypeAdapter

ADDRESSES = [
    # The nineteen the simulator got wrong.
    "a@b.test", "a@b.local", "a@b.invalid", "a@b.onion", "a@b.arpa",
    "a..b@x.com", ".a@x.com", "a.@x.com", "a@-x.com", "a@x-.com", "a@xn--n3h.com",
    "a@x.123", "a@" + "l" * 64 + ".com", "a@" + ".".join(["d" * 59] * 5) + ".com",
    "a\u200b@x.com", "(c)a@x.com", "ab\\@x.com", " a@x.com", "a@x.com ",
    # Plain and normalised.
    "ann@example.com", "Ann.Lee+tag@Example.COM", "INFO@x.com", "Postmaster@X.com",
    "a@b.c", "a_b-c.d@sub.x-y.example.org", "a!#$%&'*+/=?^`{|}~@x.com", "a@123.com",
    "a@x.c0m", "\ta@x.com\n", "a@x.com\u3000", "Ann Lee <a@x.com>", "<a@x.com>",
    "\"Lee, Ann\" <a@x.com>", "Ann <a@x.com> trailing", "Ann.Lee <a@x.com>",
    # Domains.
    "a@localhost", "a@b.localhost", "a@intranet", "a@x.com.", "a@.x.com", "a@x..com",
    "a@x_y.com", "a@ab--cd.com", "a@xn--abc.com", "a@xn--mnchen-3ya.de", "a@münchen.de",
    "a@MÜNCHEN.DE", "a@x。com", "a@ｘ.com", "a@☃.com", "a@xn--ls8h.la", "a@x\u200dy.com",
    "a@x-y.com", "a@x--y.com", "a@1.2.3.4", "a@[1.2.3.4]", "a@[IPv6:::1]",
    "a@" + "l" * 63 + ".com", "a@x.xn--p1ai", "a@пример.рф", "a@例え.jp", "a@xn---bbk.com",
    "a@عربي.com", "a@1.עברית.com", "a@ex\u00ad.com",
    # Local parts.
    "ü@x.com", "e\u0301@x.com", "\u0301e@x.com", "a\u00a0b@x.com", "\"a b\"@x.com",
    "\"ab\"@x.com", "a\"b@x.com", "a b@x.com", "a@b@c.com", "a＠x.com", "@x.com", "a@", "a",
    "", "a\u202eb@x.com", "a\u200d@x.com", "l" * 64 + "@x.com", "l" * 65 + "@x.com",
    "l" * 240 + "@abcdefghij.com", "a@x.com>", "a<b@x.com", "a\nb@x.com", "a\\b@x.com",
    "a(b)@x.com", "a@x.com (comment)", "\U0001F600@x.com", "a\ufe0f@x.com",
]


def verdict(address):
    try:
        return {"input": address, "normalized": TypeAdapter(EmailStr).validate_python(address)}
    except pydantic.ValidationError as error:
        reason = error.errors()[0].get("ctx", {}).get("reason", error.errors()[0]["msg"])
        return {"input": address, "error": reason}


def main():
    table = {
        "made_by": f"pydantic {pydantic.VERSION}, email-validator {email_validator.__version__}",
        "addresses": [verdict(address) for address in ADDRESSES],
    }
    json.dump(table, sys.stdout, ensure_ascii=True, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
