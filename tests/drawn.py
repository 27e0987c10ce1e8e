"""Cards drawn plainly with PIL, for tests that need an exact, simple photo."""

import io
import math

from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


INKS = {"B": (0, 0, 0, 255), "R": (190, 22, 30, 255)}  # black, and a printed red (FEZ)


def star(draw: ImageDraw.ImageDraw, centre: tuple[float, float], reach: float, fill) -> None:
    """A five-pointed star, point up."""
    cx, cy = centre
    points = [(cx + (reach if k % 2 == 0 else reach * 0.4) * math.sin(math.pi * k / 5),
               cy - (reach if k % 2 == 0 else reach * 0.4) * math.cos(math.pi * k / 5))
              for k in range(10)]
    draw.polygon(points, fill=fill)


def table(word: str, angles=None, rotate_photo=0, exif_orientation=None, broken="",
          shaded="", inks="", tinted="", wild_print="WILD") -> bytes:
    """White cards with big black capitals ("?" draws a WILD card, "★" a FEZ star card), in
    a row on a dark table, as a JPEG. `inks` gives each card's ink, R (red) or B (black): a
    FEZ word's colours and its stars' (black when not given). The letters in `broken` come
    apart down their middle, as a thin stroke lost to blur leaves them; the cards of the
    letters in `shaded` lie in shadow, with the glare of a lamp on the table just above them;
    those in `tinted` are printed on pink paper. A WILD card prints `wild_print`."""
    font = ImageFont.truetype(FONT, 90)
    small = ImageFont.truetype(FONT, 28)
    im = Image.new("RGB", (60 + 170 * len(word), 400), (40, 40, 45))
    for i, ch in enumerate(word):
        paper = ((150, 147, 138, 255) if ch in shaded else (240, 200, 205, 255) if ch in tinted
                 else (245, 240, 225, 255))
        ink = INKS[inks[i] if i < len(inks) else "B"]
        card = Image.new("RGBA", (120, 140), paper)
        draw = ImageDraw.Draw(card)
        if ch == "?":
            draw.text((60, 70), wild_print, font=small, fill=ink, anchor="mm")
        elif ch == "★":
            star(draw, (60, 70), 44, ink)
        else:
            draw.text((60, 70), ch, font=font, fill=ink, anchor="mm")
            if ch in broken:
                draw.rectangle((57, 0, 63, 140), fill=paper)
        if angles:
            card = card.rotate(angles[i], expand=True, resample=Image.BICUBIC)
        if ch in shaded:
            ImageDraw.Draw(im).ellipse((20 + 170 * i, 20, 180 + 170 * i, 118), fill=(255, 255, 255))
        im.paste(card, (40 + 170 * i, 120), card)
    im = im.rotate(rotate_photo, expand=True)
    out = io.BytesIO()
    exif = Image.Exif()
    if exif_orientation:
        exif[0x0112] = exif_orientation
    im.save(out, "JPEG", quality=90, exif=exif)
    return out.getvalue()


def close_up(word: str) -> bytes:
    """A short word photographed close: each card fills most of the photo's height, its
    letter half of it, on a green cloth."""
    font = ImageFont.truetype(FONT, 330)
    im = Image.new("RGB", (40 + 360 * len(word), 520), (40, 90, 50))
    for i, ch in enumerate(word):
        card = Image.new("RGBA", (320, 460), (245, 240, 225, 255))
        ImageDraw.Draw(card).text((160, 230), ch, font=font, fill=(60, 20, 70, 255), anchor="mm")
        im.paste(card, (30 + 360 * i, 30), card)
    out = io.BytesIO()
    im.save(out, "JPEG", quality=90)
    return out.getvalue()


def hand(cards: list[str], per_row: int = 4, angles=None) -> bytes:
    """The cards left in a family game hand, spread on a dark table in rows of `per_row`, as
    a JPEG: a letter card is a big black capital; a ZAP card ("WILD", "2 TURNS", ...) says
    "ZAP!" small over its name in bold capitals. `angles` turns each card (degrees)."""
    font = ImageFont.truetype(FONT, 90)
    name_font = ImageFont.truetype(FONT, 26)
    banner = ImageFont.truetype(FONT, 14)
    rows = (len(cards) + per_row - 1) // per_row
    im = Image.new("RGB", (60 + 190 * min(per_row, len(cards)), 60 + 200 * rows), (40, 40, 45))
    for i, token in enumerate(cards):
        card = Image.new("RGBA", (130, 160), (245, 240, 225, 255))
        draw = ImageDraw.Draw(card)
        if len(token) == 1:
            draw.text((65, 80), token, font=font, fill=(0, 0, 0, 255), anchor="mm")
        else:
            draw.text((65, 40), "ZAP!", font=banner, fill=(0, 0, 0, 255), anchor="mm")
            draw.text((65, 85), token, font=name_font, fill=(0, 0, 0, 255), anchor="mm")
        if angles:
            card = card.rotate(angles[i], expand=True, resample=Image.BICUBIC)
        row, col = divmod(i, per_row)
        im.paste(card, (40 + 190 * col, 40 + 200 * row), card)
    out = io.BytesIO()
    im.save(out, "JPEG", quality=90)
    return out.getvalue()


def whole_table(words_by_facing: dict[int, str], surface=(40, 70, 50)) -> bytes:
    """A whole table photographed from the seat at its bottom edge, as a JPEG: each word in
    a row of white cards with big capitals ("?" a WILD card) in front of its player, facing
    them: `words_by_facing` maps a word's facing (0 the photographer's, upright at the bottom;
    90 at the left, read sideways; 180 at the top, upside down; 270 at the right) to it."""
    font = ImageFont.truetype(FONT, 90)
    small = ImageFont.truetype(FONT, 28)
    longest = max((len(w) for w in words_by_facing.values()), default=5)
    side = 150 * longest + 2 * 240 + 120
    im = Image.new("RGB", (side, side), surface)
    for facing, word in words_by_facing.items():
        row = Image.new("RGBA", (150 * len(word), 160), (0, 0, 0, 0))
        for i, ch in enumerate(word):
            card = Image.new("RGBA", (120, 140), (245, 240, 225, 255))
            draw = ImageDraw.Draw(card)
            if ch == "?":
                draw.text((60, 70), "WILD", font=small, fill=(0, 0, 0, 255), anchor="mm")
            else:
                draw.text((60, 70), ch, font=font, fill=(0, 0, 0, 255), anchor="mm")
            row.paste(card, (15 + 150 * i, 10), card)
        row = row.rotate(-facing, expand=True)
        # the row's middle, 140 px in from the edge its player sits at
        cx, cy = {0: (side // 2, side - 140), 90: (140, side // 2),
                  180: (side // 2, 140), 270: (side - 140, side // 2)}[facing % 360]
        im.paste(row, (cx - row.width // 2, cy - row.height // 2), row)
    out = io.BytesIO()
    im.save(out, "JPEG", quality=90)
    return out.getvalue()
