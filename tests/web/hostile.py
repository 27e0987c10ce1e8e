"""Values a phone on the table's Wi-Fi may send that no form of ours would: the fuzz tests of
every route and of the import form send them where a form has a field."""

#: Characters str.isdigit() accepts that are not ASCII digits (some int() refuses).
ODD_DIGITS = ["²", "١٢", "５", "⁰", "𝟙", "፩", "߁"]
NUMBERS = ["9" * 5000, "99999999999999999999", "9223372036854775808", "-1", "1e9", " 1 ",
           "0x10", "1.5", "+1", "00", "٠"]
STRINGS = ["", " ", "\x00", "A\x00B", "\u202eYZZAJ", "\u200b", "\ufeff1", "\r\n", "\x1b[2J",
           "' OR '1'='1", "1; DROP TABLE game;--", "<script>alert(1)</script>", "{{ 7*7 }}",
           "%s%s%n", "../../../etc/passwd", "null", "[1]", '{"a": 1}',
           "ＪＡＺＺＹ", "ÆØÅÆØ", "😀😀😀😀😀", "ßßßßß", "ﬃ", "Ǆ"]
#: Just under the app's 64 KB body limit, with the other fields of a form beside it.
LONG = "Q" * 60_000
HOSTILE = ODD_DIGITS + NUMBERS + STRINGS + [LONG]

#: A multipart body whose file part is cut short, its text field odd digits.
BROKEN_MULTIPART = (b'--fuzz\r\nContent-Disposition: form-data; name="out"\r\n\r\n\xc2\xb2\r\n'
                    b'--fuzz\r\nContent-Disposition: form-data; name="photo-0"; filename="a.jpg"'
                    b'\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\x00')
