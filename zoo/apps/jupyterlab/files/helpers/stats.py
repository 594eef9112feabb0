"""Small helpers for the sales notebook."""


def mean(values):
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def growth(old, new):
    return (new - old) / old if old else 0.0
