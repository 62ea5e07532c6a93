# corpus: profile=safe_eval decision=allow
# Commentaire en français, 日本語のコメント, Ελληνικά
def moyenne(données):
    return sum(données) / len(données)

π = 3.14159
größe = 1.82
名前 = "テスト"
résultat = moyenne([1, 2, 3])
message = f"{名前}: {résultat:.2f} — π ≈ {π}, größe = {größe} m"
