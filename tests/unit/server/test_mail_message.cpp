// Reading a player's e-mailed reply (server/mail/message.h): the shapes real mailers send, from tests/unit/server/mail.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>
#include <thread>

#include "server/mail/html_text.h"
#include "server/mail/message.h"

using muster::mail::Message;

namespace {

std::string mail_fixture(const std::string& name) {
    std::ifstream in(MUSTER_SOURCE_DIR "/tests/unit/server/mail/" + name, std::ios::binary);
    REQUIRE(in);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

Message read_mail_fixture(const std::string& name) {
    std::string error;
    auto message = muster::mail::read_message(mail_fixture(name), error);
    INFO(error);
    REQUIRE(message.has_value());
    return *message;
}

}  // namespace

TEST_CASE("Gmail: alternative, quoted-printable, the attribution wrapped over two lines", "[mail]") {
    const auto m = read_mail_fixture("gmail.eml");
    CHECK(m.from == "ann.example@gmail.com");
    CHECK(m.from_name == "Ann Example");
    CHECK(m.to == std::vector<std::string>{"diary+a1b2c3@muster.example.net", "bob@example.org"});
    CHECK(m.subject == "Re: The Regiment of Foot \u2014 December");
    CHECK(m.message_id == "CAFq8Zt1xyz+Ab_Cd=ef@mail.gmail.com");
    CHECK(m.references == std::vector<std::string>{"digest.2026-12-07.a1b2c3@muster.example.net"});
    CHECK(m.return_path == "ann.example@gmail.com");
    CHECK_FALSE(m.automatic);
    CHECK_FALSE(m.bounce);
    CHECK_FALSE(m.html);
    REQUIRE(m.authentication_results.size() == 2);
    CHECK(m.authentication_results[1] ==
          "mx.muster.example.net; spf=pass (sender SPF authorized) smtp.mailfrom=ann.example@gmail.com; "
          "dmarc=pass (p=none dis=none) header.from=gmail.com");
    CHECK(m.text ==
          "The colonel marched at dawn; the baggage train followed\u00a0later.\n"
          "We lost two companies at the ford \u2014 a hard day.\n\n"
          "On Mon, 7 Dec 2026 at 10:02, Muster <diary+a1b2c3@muster.example.net>\nwrote:\n\n"
          "> The Regiment of Foot, December 1642\n>\n> Write your diary by replying to this e-mail.\n>\n");
    CHECK(muster::mail::written_part(m.text) ==
          "The colonel marched at dawn; the baggage train followed\u00a0later.\n"
          "We lost two companies at the ford \u2014 a hard day.");
}

TEST_CASE("Outlook: HTML only in Windows-1252, its From/Sent block", "[mail]") {
    const auto m = read_mail_fixture("outlook_html.eml");
    CHECK(m.from == "charles.kowalski@contoso.com");
    CHECK(m.from_name == "Kowalski, Charles");
    CHECK(m.html);
    CHECK_FALSE(m.automatic);
    CHECK(m.references == std::vector<std::string>{"digest.2026-12-07.d4e5f6@muster.example.net"});
    CHECK(m.text ==
          "The squadron\u2019s horses are spent \u2013 we rest at Edgcote.\n\nCharles\n\n"
          "From: Muster <diary+d4e5f6@muster.example.net>\nSent: Monday, December 7, 2026 10:02 AM\n"
          "To: Kowalski, Charles <Charles.Kowalski@contoso.com>\nSubject: The Regiment of Horse, December\n\n"
          "The Regiment of Horse, December 1642");
    CHECK(muster::mail::written_part(m.text) == "The squadron\u2019s horses are spent \u2013 we rest at Edgcote.\n\nCharles");
}

TEST_CASE("Outlook: alternative in Windows-1252, the underscore line and header block", "[mail]") {
    const auto m = read_mail_fixture("outlook_alternative.eml");
    CHECK_FALSE(m.html);
    CHECK(m.to == std::vector<std::string>{"diary+d4e5f6@muster.example.net"});
    CHECK(muster::mail::written_part(m.text) ==
          "We held the bridge \u201cuntil relieved\u201d.\nCaf\u00e9 at the inn, then on to Banbury.");
}

TEST_CASE("Apple Mail on an iPhone: format=flowed with DelSp, Sent from my iPhone", "[mail]") {
    const auto m = read_mail_fixture("apple_iphone.eml");
    CHECK(m.from == "dana@icloud.com");
    CHECK(m.text ==
          "Rode hard through the night; the scouts report the Royalist horse at Wormleighton, and we must turn "
          "south before the frost breaks.\n\nSent from my iPhone\n\n"
          "> On 7 Dec 2026, at 10:02, Muster <diary+0f0f0f@muster.example.net> wrote:\n> \n"
          "> \ufeffThe Dragoons, December 1642\n");
    CHECK(muster::mail::written_part(m.text) ==
          "Rode hard through the night; the scouts report the Royalist horse at Wormleighton, and we must turn "
          "south before the frost breaks.");
}

TEST_CASE("Thunderbird: format=flowed in ISO-8859-1, space-stuffing, the signature", "[mail]") {
    const auto m = read_mail_fixture("thunderbird.eml");
    CHECK(m.from_name == "Ren\u00e9 Dupr\u00e9");
    CHECK(m.subject == "Re: Le r\u00e9giment de Picardie");
    CHECK(m.text ==
          "Nous avons tenu la ligne pr\u00e8s du moulin ; le colonel est bless\u00e9 mais vivant.\n\n"
          "From the hill we saw the whole army.\n\n"
          "On 07/12/2026 10:02, Muster wrote:\n> Le r\u00e9giment de Picardie, d\u00e9cembre 1642\n> \n"
          "> R\u00e9pondez \u00e0 ce message.\n\n-- \nRen\u00e9 Dupr\u00e9\nCapitaine\n");
    CHECK(muster::mail::written_part(m.text) ==
          "Nous avons tenu la ligne pr\u00e8s du moulin ; le colonel est bless\u00e9 mais vivant.\n\n"
          "From the hill we saw the whole army.");
}

TEST_CASE("Android: Gmail's attribution, Samsung's base64 body and original-message block", "[mail]") {
    const auto gmail = read_mail_fixture("android_gmail.eml");
    CHECK(muster::mail::written_part(gmail.text) == "Pikes to the front. Nothing else to report.");
    const auto samsung = read_mail_fixture("samsung.eml");
    CHECK(samsung.text.rfind("Crossed the Avon at Stratford. The men are in good heart.\u00a0\n\n\n\nSent from my Galaxy\n", 0) == 0);
    CHECK(muster::mail::written_part(samsung.text) == "Crossed the Avon at Stratford. The men are in good heart.");
}

TEST_CASE("A base64 UTF-8 body and RFC 2047 headers", "[mail]") {
    const auto m = read_mail_fixture("base64_utf8.eml");
    CHECK(m.from_name == "\u0418\u0432\u0430\u043d \u041f\u0435\u0442\u0440\u043e\u0432");
    CHECK(m.subject == "Re: \u041f\u043e\u043b\u043a");
    CHECK(m.text == "\u041f\u043e\u043b\u043a \u0441\u0442\u043e\u0438\u0442 \u0443 \u0440\u0435\u043a\u0438. "
                    "\U0001F6E1\uFE0F \u0417\u0430\u0432\u0442\u0440\u0430 \u2014 \u0432 \u0431\u043e\u0439.\n"
                    "\u0391\u03cd\u03c1\u03b9\u03bf \u03c6\u03b5\u03cd\u03b3\u03bf\u03c5\u03bc\u03b5.\n");
}

TEST_CASE("Automatic replies: RFC 3834, Exchange's out-of-office, lists", "[mail]") {
    const auto ooo = read_mail_fixture("out_of_office.eml");
    CHECK(ooo.automatic);
    CHECK_FALSE(ooo.bounce);
    CHECK(ooo.text == "I am away until 4 January with no access to e-mail.\n");
    const auto oof = read_mail_fixture("microsoft_oof.eml");
    CHECK(oof.automatic);
    CHECK(oof.text == "I am out of the office until Monday 14 December.\n");

    const auto headers = [](const std::string& extra) {
        std::string error;
        auto m = muster::mail::read_message("From: a@example.org\nSubject: s\n" + extra + "\nbody\n", error);
        REQUIRE(m);
        return m->automatic;
    };
    CHECK_FALSE(headers(""));
    CHECK_FALSE(headers("Auto-Submitted: no\n"));
    CHECK_FALSE(headers("Auto-Submitted: No (a person)\n"));
    CHECK(headers("Auto-Submitted: auto-generated\n"));
    CHECK(headers("Precedence: bulk\n"));
    CHECK(headers("Precedence: junk\n"));
    CHECK(headers("Precedence: list\n"));
    CHECK(headers("Precedence: auto_reply\n"));
    CHECK_FALSE(headers("Precedence: first-class\n"));
    CHECK(headers("X-Autoreply: yes\n"));
    CHECK(headers("X-Autorespond: yes\n"));
    CHECK(headers("X-Auto-Response-Suppress: DR, OOF, AutoReply\n"));
    CHECK_FALSE(headers("X-Auto-Response-Suppress: DR, RN, NRN\n"));
    CHECK(headers("List-Id: The Sealed Knot <knot.lists.example.org>\n"));
    CHECK(headers("X-MS-Exchange-Generated-Message-Source: Mailbox Rules Agent\n"));
    CHECK(headers("Content-Type: multipart/report; report-type=disposition-notification; boundary=b\n\n--b\n"
                  "Content-Type: text/plain\n\nRead.\n--b\nContent-Type: message/disposition-notification\n\n"
                  "Disposition: automatic-action/MDN-sent-automatically; displayed\n--b--\n"));
}

TEST_CASE("A bounce: multipart/report with a delivery status", "[mail]") {
    const auto m = read_mail_fixture("bounce.eml");
    CHECK(m.bounce);
    CHECK(m.from == "mailer-daemon@mx.muster.example.net");
    CHECK(m.return_path.empty());
    CHECK(m.text.rfind("This is the mail system at host mx.muster.example.net.\n", 0) == 0);
    // An old-style bounce: no report, but the null sender and MAILER-DAEMON.
    std::string error;
    auto qmail = muster::mail::read_message(
        "Return-Path: <>\nFrom: MAILER-DAEMON@example.org\nSubject: failure notice\n\nHi. This is the qmail-send "
        "program.\n", error);
    REQUIRE(qmail);
    CHECK(qmail->bounce);
    auto person = muster::mail::read_message("Return-Path: <ann@example.org>\nFrom: postmaster@example.org\n\nHi\n", error);
    REQUIRE(person);
    CHECK_FALSE(person->bounce);
}

TEST_CASE("HTML only: script, style and title dropped, entities decoded, the blockquote quoted", "[mail]") {
    const auto m = read_mail_fixture("html_script.eml");
    CHECK(m.html);
    CHECK(m.text ==
          "The guns & their crews \u2014 \u201cready\u201d\u2026\n"
          "Powder: 12 barrels <enough> \u2014 caf\u00e9 \u263a \u00a9\n"
          "Demi-culverin\nSaker\nLine one\nLine two wrapped\nGunner Ivy\n"
          "> On 7 Dec 2026 Muster wrote:\n> The Artillery Train");
    CHECK(muster::mail::written_part(m.text) ==
          "The guns & their crews \u2014 \u201cready\u201d\u2026\n"
          "Powder: 12 barrels <enough> \u2014 caf\u00e9 \u263a \u00a9\n"
          "Demi-culverin\nSaker\nLine one\nLine two wrapped\nGunner Ivy");
}

TEST_CASE("html_to_text: Gmail's blank lines and quote, Outlook's paragraphs, broken markup", "[mail]") {
    using muster::mail::html_to_text;
    CHECK(html_to_text("<div dir=\"ltr\"><div>First</div><div><br></div><div>Second</div></div><br>"
                       "<div class=\"gmail_quote\"><div class=\"gmail_attr\">On Mon, 7 Dec 2026 at 10:02, Muster "
                       "&lt;<a href=\"mailto:x@y\">x@y</a>&gt; wrote:<br></div><blockquote class=\"gmail_quote\">"
                       "Quoted<br><blockquote>Deeper</blockquote></blockquote></div>") ==
          "First\n\nSecond\n\nOn Mon, 7 Dec 2026 at 10:02, Muster <x@y> wrote:\n> Quoted\n>> Deeper");
    CHECK(html_to_text("<p class=MsoNormal>One<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p>Two</p>") ==
          "One\n\nTwo");
    CHECK(html_to_text("<pre>  a\n    b</pre>after") == "  a\n    b\nafter");
    CHECK(html_to_text("a < b && c > d &unknown; &#0; &#x110000; &#150;") == "a < b && c > d &unknown; \ufffd \ufffd \u2013");
    CHECK(html_to_text("<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>") == "a b\nc");
    CHECK(html_to_text("text<script>never closed") == "text");
    CHECK(html_to_text("<head><meta charset=utf-8><body>no head end") == "no head end");
    CHECK(html_to_text("<a href='x>y'>link</a> <!-- a comment <b>x</b> --> end <!-- open") == "link end");
}

TEST_CASE("An attachment is not the text; an empty body is empty", "[mail]") {
    const auto attached = read_mail_fixture("attachment.eml");
    CHECK(attached.text == "The map of the march is attached.\n");
    const auto empty = read_mail_fixture("empty_body.eml");
    CHECK(empty.text.empty());
    CHECK(muster::mail::written_part(empty.text).empty());
    CHECK(empty.from == "kate@example.org");
}

TEST_CASE("Not a message: refused with a reason", "[mail]") {
    for (const std::string& raw : {std::string(), std::string(" \r\n"), std::string("hello world\n"),
                                  std::string("\x00\x01\x02\xff\xfe binary", 12), std::string("<html>hi</html>"),
                                  std::string("foo: bar\n\nbody")}) {
        std::string error;
        CHECK_FALSE(muster::mail::read_message(raw, error).has_value());
        CHECK_FALSE(error.empty());
    }
    std::string error;
    CHECK_FALSE(muster::mail::read_message(std::string(muster::mail::max_message_size + 1, 'a'), error));
    // An mbox "From " line before the headers (a pipe's F flag) is skipped.
    auto mbox = muster::mail::read_message("From ann@example.org  Mon Dec  7 10:00:00 2026\nFrom: Ann <ann@example.org>\n"
                                           "Subject: hi\n\nbody\n", error);
    REQUIRE(mbox);
    CHECK(mbox->from == "ann@example.org");
    CHECK(mbox->text == "body\n");
}

TEST_CASE("Charsets: undeclared Latin bytes, invalid UTF-8, CRLF and controls", "[mail]") {
    std::string error;
    const auto body = [&](const std::string& type, const std::string& bytes) {
        auto m = muster::mail::read_message("From: a@example.org\r\nContent-Type: " + type + "\r\n\r\n" + bytes, error);
        REQUIRE(m);
        return m->text;
    };
    CHECK(body("text/plain", "caf\xe9\r\n") == "caf\u00e9\n");
    // Each invalid byte one U+FFFD; NUL and the other controls dropped.
    CHECK(body("text/plain; charset=utf-8", std::string("a\xff" "b\xe2\x82 c\x00\x07" "d\r\n", 12)) ==
          "a\ufffdb\ufffd\ufffd c" "d\n");
    CHECK(body("text/plain; charset=iso-8859-1", "\x93q\x94 \xe9") == "\u201cq\u201d \u00e9");
    CHECK(body("text/plain; charset=koi8-r", "\xf0\xcf\xcc\xcb") == "\u041f\u043e\u043b\u043a");
    CHECK(body("text/plain; charset=shift_jis", "\x93\xfa\x96\x7b") == "\u65e5\u672c");
    CHECK(body("text/plain; charset=x-no-such-charset", "plain") == "plain");
    CHECK(body("text/plain; charset=utf-16le", std::string("h\0i\0", 4)) == "hi");
    // Raw 8-bit headers: UTF-8 when valid, else Windows-1252.
    auto utf8 = muster::mail::read_message("From: Ren\xc3\xa9 <R@Example.ORG>\nSubject: Caf\xc3\xa9\n\nx\n", error);
    REQUIRE(utf8);
    CHECK(utf8->from_name == "Ren\u00e9");
    CHECK(utf8->from == "r@example.org");
    CHECK(utf8->subject == "Caf\u00e9");
    auto latin = muster::mail::read_message("From: Ren\xe9 <r@example.org>\nSubject: Caf\xe9\n\nx\n", error);
    REQUIRE(latin);
    CHECK(latin->from_name == "Ren\u00e9");
    CHECK(latin->subject == "Caf\u00e9");
}

TEST_CASE("written_part: the attribution lines of common clients and languages", "[mail]") {
    using muster::mail::written_part;
    const std::string quote = "\n> quoted\n> more\n";
    for (const std::string attribution :
         {"On Mon, 7 Dec 2026 at 10:02, Muster <x@y> wrote:", "On 7 Dec 2026, at 10:02, Muster <x@y> wrote:",
          "On 07/12/2026 10:02, Muster wrote:", "Le lun. 7 d\u00e9c. 2026 \u00e0 10:02, Muster <x@y> a \u00e9crit :",
          "Le 7 d\u00e9c. 2026 \u00e0 10:02, Muster a \u00e9crit\u00a0:",
          "Am Mo., 7. Dez. 2026 um 10:02 Uhr schrieb Muster <x@y>:",
          "El lun, 7 dic 2026 a las 10:02, Muster (<x@y>) escribi\u00f3:", "Muster <x@y> wrote:"}) {
        INFO(attribution);
        CHECK(written_part("My reply.\r\n\r\n" + attribution + quote) == "My reply.");
    }
    // Gmail wraps a long attribution; the quote may be unmarked (Outlook) and everything after goes.
    CHECK(written_part("Reply\n\nOn Mon, 7 Dec 2026 at 10:02, Muster via the umpire <\nx@y> wrote:\n\nunmarked") ==
          "Reply");
    CHECK(written_part("Reply\n-----Original Message-----\nFrom: x") == "Reply");
    CHECK(written_part("Reply\n\n----- Original Message -----\nFrom: x") == "Reply");
    CHECK(written_part("Reply\n\n-----Urspr\u00fcngliche Nachricht-----\nVon: x") == "Reply");
    CHECK(written_part("Reply\n\nFrom: Muster <x@y>\nSent: Monday\nTo: Ann\nSubject: s\n\nold") == "Reply");
    CHECK(written_part("Reply\n\n*From:* Muster <x@y>\n*Sent:* Monday\n*To:* Ann\n\nold") == "Reply");
    CHECK(written_part("Reply\n\nGet Outlook for Android\n\n________________________________\nFrom: x") == "Reply");
    CHECK(written_part("Reply\n\nSent from my Galaxy\n") == "Reply");
    CHECK(written_part("Reply\n-- \nAnn\nPikeman") == "Reply");
    CHECK(written_part("Reply\n--\nAnn") == "Reply");
}

TEST_CASE("written_part: what the sender wrote stays as written", "[mail]") {
    using muster::mail::written_part;
    CHECK(written_part("\n\n  Indented line\n\nSecond paragraph\n  \n\n") == "  Indented line\n\nSecond paragraph");
    CHECK(written_part("Answer one\n> a question\nAnswer two") == "Answer one\nAnswer two");
    // Not attributions: no date, or "wrote:" mid-text with no quote after it.
    CHECK(written_part("On the march the colonel wrote:\nHold fast.") == "On the march the colonel wrote:\nHold fast.");
    CHECK(written_part("Sent from my tent at Edgehill, a letter.\nMore.") == "Sent from my tent at Edgehill, a letter.\nMore.");
    CHECK(written_part("From: the colonel's notes\nMarch at dawn.") == "From: the colonel's notes\nMarch at dawn.");
    CHECK(written_part("a -- b\n---\nc") == "a -- b\n---\nc");
    CHECK(written_part("") == "");
    CHECK(written_part("> only a quote\n") == "");
}

TEST_CASE("written_part: a bottom-posted or interleaved reply keeps the sender's lines", "[mail]") {
    using muster::mail::written_part;
    CHECK(written_part("On 07/12/2026 10:02, Muster wrote:\n> The Regiment of Foot\n> Write your diary.\n\n"
                       "We marched.\n\n-- \nAnn") == "We marched.");
    CHECK(written_part("On 07/12/2026 10:02, Muster wrote:\n> Question one?\nAnswer one.\n> Question two?\n"
                       "Answer two.\n") == "Answer one.\nAnswer two.");
}

TEST_CASE("sender_authenticated: RFC 8601 results of the trusted server", "[mail]") {
    using muster::mail::sender_authenticated;
    const auto gmail = read_mail_fixture("gmail.eml");
    CHECK(sender_authenticated(gmail, "ann.example@gmail.com", "mx.muster.example.net"));
    CHECK(sender_authenticated(gmail, "Ann.Example@GMAIL.com", ""));
    CHECK_FALSE(sender_authenticated(gmail, "ann.example@gmail.com", "mx.elsewhere.example"));
    CHECK_FALSE(sender_authenticated(gmail, "ann@example.org", "mx.muster.example.net"));

    const auto with = [](std::vector<std::string> results) {
        Message m;
        m.authentication_results = std::move(results);
        return m;
    };
    const std::string ann = "ann@example.org";
    CHECK(sender_authenticated(with({"mx; dkim=pass header.i=@example.org"}), ann, "mx"));
    CHECK(sender_authenticated(with({"MX; DKIM=Pass Header.D=EXAMPLE.ORG"}), ann, "mx"));
    CHECK(sender_authenticated(with({"mx 1; spf = pass smtp.mailfrom=\"ann@example.org\""}), ann, "mx"));
    CHECK(sender_authenticated(with({"mx; spf=pass smtp.mailfrom=example.org"}), ann, "mx"));
    CHECK(sender_authenticated(with({"mx; dmarc=pass (p=reject) header.from=example.org"}), ann, "mx"));
    CHECK(sender_authenticated(with({"\"mx\"; dkim/1=pass header.d=example.org"}), ann, "mx"));
    CHECK_FALSE(sender_authenticated(with({"mx; dkim=fail header.d=example.org; spf=softfail smtp.mailfrom=ann@example.org"}), ann, "mx"));
    CHECK_FALSE(sender_authenticated(with({"mx; dkim=pass header.d=evil.example"}), ann, "mx"));
    CHECK_FALSE(sender_authenticated(with({"mx; dkim=pass header.d=sub.example.org"}), ann, "mx"));
    CHECK_FALSE(sender_authenticated(with({"mx; dkim=pass (header.d=example.org) header.d=evil.example"}), ann, "mx"));
    CHECK_FALSE(sender_authenticated(with({"mx; none"}), ann, "mx"));
    // A forged header from before the trusted server, naming another authserv-id: not trusted.
    CHECK_FALSE(sender_authenticated(with({"mx; dkim=fail header.d=example.org", "forger; dkim=pass header.d=example.org"}), ann, "mx"));
    CHECK(sender_authenticated(with({"forger; dkim=pass header.d=example.org"}), ann, ""));
    CHECK_FALSE(sender_authenticated(with({"mx; dkim=pass header.d=example.org"}), "not an address", "mx"));
    CHECK_FALSE(sender_authenticated(with({"", ";", "mx;;;", "mx; =pass", "mx; dkim=pass header.d"}), ann, "mx"));
}

TEST_CASE("read_message on several threads at once: GMime initialised once, nothing shared", "[mail]") {
    const auto gmail = mail_fixture("gmail.eml");
    const auto outlook = mail_fixture("outlook_html.eml");
    std::vector<int> read(4, 0);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < read.size(); ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < 25; ++i) {
                std::string error;
                auto m = muster::mail::read_message(t % 2 ? gmail : outlook, error);
                if (m && !m->text.empty()) ++read[t];
            }
        });
    for (auto& thread : threads) thread.join();
    CHECK(read == std::vector<int>(4, 25));
}
