import grundy
r = grundy.value("nim(3,5,7)")        # r.grundy == 1, r.outcome == "N", r.winning_moves == [...]
g = grundy.table("octal[0.6]", 10**6)  # a NumPy array (or a buffer-protocol array) of G(0..10^6)
p = grundy.period("kayles")             # p.period == 12, p.last_exception == 70, p.certified, p.proof
grundy.Nimber(6) * grundy.Nimber(13)    # Nimber(15)

class Sub134(grundy.Game):              # a game written in Python
    def __init__(self, n): self.n = n
    def key(self): return self.n
    def moves(self): return [Sub134(self.n - s) for s in (1, 3, 4) if s <= self.n]
grundy.value(Sub134(9) + grundy.parse("nim(2)")).grundy   # 2, as for "sub{1,3,4}(9) + nim(2)"
