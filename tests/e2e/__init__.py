"""End-to-end browser tests: a real Chromium driving the app on a real port."""
