"""Cards drawn plainly with PIL, for tests that need an exact, simple photo."""

import io

from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def table(word: str, angles=None, rotate_photo=0, exif_orientation=None, broken="",
          shaded="") -> bytes:
    """White cards with big black capitals ("?" draws a WILD card), in a row on a dark
    table, as a JPEG. The letters in `broken` come apart down their middle, as a thin
    stroke lost to blur leaves them; the cards of the letters in `shaded` lie in shadow,
    with the glare of a lamp on the table just above them."""
    font = ImageFont.truetype(FONT, 90)
    small = ImageFont.truetype(FONT, 28)
    im = Image.new("RGB", (60 + 170 * len(word), 400), (40, 40, 45))
    for i, ch in enumerate(word):
        paper = (150, 147, 138, 255) if ch in shaded else (245, 240, 225, 255)
        card = Image.new("RGBA", (120, 140), paper)
        draw = ImageDraw.Draw(card)
        if ch == "?":
            draw.text((60, 70), "WILD", font=small, fill=(0, 0, 0, 255), anchor="mm")
        else:
            draw.text((60, 70), ch, font=font, fill=(0, 0, 0, 255), anchor="mm")
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


