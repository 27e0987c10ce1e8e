"""exp, log, sin, cos, arctan and power that give the same bits on every CPU.

numpy picks its routine for these by what the processor offers: with AVX-512 it calls Intel's
SVML or its own wide loops, without it the C library, and the last bit of the answer differs.
A generated photo is a long chain of such answers, so the same seed drew another photo on
another machine and the pinned photos, the held-out bench and every test that reads a drawn
photo depended on the machine. These are built from +, -, *, / and ldexp alone, which IEEE
rounds the same everywhere: a range reduction, then a polynomial. They are accurate to a few
units in the last place of a float64, far finer than a pixel, and work in float64 whatever comes
in, giving float32 back for float32 and a float for a plain number.
"""

from __future__ import annotations

import numpy as np

# ln 2 and pi/2 split so that k * the high part is exact (fdlibm's constants)
_LN2_HI, _LN2_LO = 6.93147180369123816490e-01, 1.90821492927058770002e-10
_PIO2 = (1.57079632673412561417e+00, 6.07710050630396597660e-11, 2.02226624879595063154e-21)
_PI = 3.141592653589793
_FACT = [1.0]
for _n in range(1, 20):
    _FACT.append(_FACT[-1] * _n)


def _as64(x):
    return np.asarray(x, dtype=np.float64)


def _like(result: np.ndarray, x):
    """Give the answer back in the caller's kind: float32 stays float32, a number a float."""
    if isinstance(x, np.ndarray):
        return result.astype(x.dtype, copy=False) if x.dtype == np.float32 else result
    if isinstance(x, np.generic) and x.dtype == np.float32:
        return np.float32(result)
    return float(result) if np.ndim(result) == 0 else result


def _horner(r: np.ndarray, coeffs) -> np.ndarray:
    out = np.full_like(r, coeffs[-1])
    for c in reversed(coeffs[:-1]):
        out *= r
        out += c
    return out


def exp(x):
    """e ** x; below -708 (under any float64's reach) it gives about 1e-308 rather than 0."""
    v = np.clip(_as64(x), -708.0, 709.0)
    k = np.rint(v * (1 / 0.6931471805599453))
    r = (v - k * _LN2_HI) - k * _LN2_LO                 # |r| <= ln 2 / 2
    p = _horner(r, [1 / f for f in _FACT[:15]])
    return _like(np.ldexp(p, k.astype(np.int32)), x)


def log(x):
    """Natural log of x > 0 (0 gives -inf)."""
    v = _as64(x)
    m, e = np.frexp(np.where(v > 0, v, 1.0))
    low = m < 0.7071067811865476
    m = np.where(low, m * 2, m)                         # m in [0.707, 1.414)
    e = (e - low).astype(np.float64)
    s = (m - 1) / (m + 1)                               # log m = 2 atanh s, |s| < 0.172
    s2 = s * s
    series = s * _horner(s2, [2 / (2 * n + 1) for n in range(12)])
    out = e * _LN2_HI + (e * _LN2_LO + series)
    return _like(np.where(v > 0, out, -np.inf), x)


def _quarter(v: np.ndarray):
    """v as r + q * pi/2 with |r| <= pi/4: (r, q mod 4)."""
    if np.any(np.abs(v) > 1e6):
        raise ValueError("steady.sin/cos take angles within a million radians")
    k = np.rint(v * (2 / _PI))
    r = ((v - k * _PIO2[0]) - k * _PIO2[1]) - k * _PIO2[2]
    return r, np.mod(k, 4).astype(np.int8)


def _sin_cos_r(r: np.ndarray):
    r2 = r * r
    s = r * _horner(r2, [(-1) ** n / _FACT[2 * n + 1] for n in range(9)])
    c = _horner(r2, [(-1) ** n / _FACT[2 * n] for n in range(10)])
    return s, c


def _turned(r, q, shift):
    s, c = _sin_cos_r(r)
    q = (q + shift) % 4
    return np.select([q == 0, q == 1, q == 2], [s, c, -s], -c)


def sin(x):
    r, q = _quarter(_as64(x))
    return _like(_turned(r, q, 0), x)


def cos(x):
    r, q = _quarter(_as64(x))
    return _like(_turned(r, q, 1), x)


def arctan(x):
    v = _as64(x)
    a = np.abs(v)
    big = a > 1
    t = np.where(big, 1 / np.where(big, a, 1.0), a)     # atan a = pi/2 - atan(1/a)
    mid = t > 0.2679491924311227                       # tan(pi/12): shift by pi/6
    sq3 = 1.7320508075688772
    t = np.where(mid, (t * sq3 - 1) / (t + sq3), t)     # |t| <= tan(pi/12)
    series = t * _horner(t * t, [(-1) ** n / (2 * n + 1) for n in range(16)])
    out = np.where(mid, _PI / 6 + series, series)
    out = np.where(big, _PI / 2 - out, out)
    return _like(np.copysign(out, v), x)


def power(x, p: float):
    """x ** p for x >= 0 and a real p > 0 (0 ** p is 0)."""
    v = _as64(x)
    if p <= 0 or np.any(v < 0):
        raise ValueError("steady.power takes x >= 0 and p > 0")
    out = np.where(v > 0, exp(float(p) * log(np.where(v > 0, v, 1.0))), 0.0)
    return _like(out, x)
