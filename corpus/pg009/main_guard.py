# corpus: profile=safe_eval decision=allow
"""The `if __name__ == "__main__":` guard reads an allowed module dunder name."""
def main():
    return sum(range(10))


if __name__ == "__main__":
    print(main(), __doc__)
