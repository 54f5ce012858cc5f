"""cocotb testbench of fiu_axil (rtl/fiu_axil.sv; docs/ip.md), the C model as the scoreboard.

Tests (one simulation, reset before each):
  test_map       every register of rtl/regs/fiu_regs.rdl (compiled here): read response, reset
                 value, field write/read-back; unmapped words answer DECERR
  test_channels  pin-level: W before AW, AW before W, both together, B and R held by backpressure
                 while the next AW/W/AR wait, misaligned and WSTRB errors, every wait bounded
  test_traffic   random register traffic (RAM, MAP, sample table, alpha, mode, descriptor, bad
                 accesses) interleaved with requests, back-to-back, random backpressure on all five
                 channels; every response read back and compared with fiu.State.execute (the
                 project's Python package over the C model, python/)
Environment: PYTHONPATH with the build's python/ (run.sh), FIU_RDL (the .rdl), FIU_AXIL_REQUESTS (test_traffic requests),
RANDOM_SEED (cocotb; printed), FIU_AXIL_INJECT=1 (scoreboard self-test: one expected result is
corrupted, the run must fail). LANES and RAM_WORDS are read from the design."""
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge, Timer
from cocotbext.axi import AxiLiteBus, AxiLiteMaster, AxiResp

import fiu
from regmap import RegMap

OKAY, SLVERR, DECERR = AxiResp.OKAY, AxiResp.SLVERR, AxiResp.DECERR
RDL = os.environ.get("FIU_RDL", os.path.join(os.path.dirname(__file__), "../../rtl/regs/fiu_regs.rdl"))
MAP = RegMap(RDL)

DESC = ["REQ_OP", "REQ_FLAGS", "REQ_IMM", "REQ_VINTRP", "REQ_M0", "REQ_MISC"]
LANE_REGS = ["CTRL", "XY", "PRIM_BASE", "PRIM_ID", "RA", "RB", "RC", "RD"]
FLOATS = [0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x3f000000, 0x40400000, 0x41200000,
          0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0x807fffff, 0x7f7fffff, 0x3eaaaaab,
          0x4b000000, 0x33800000, 0x0c000000]


class Fail(Exception):
    pass


def accepted(write, *args):
    """A fiu.State write as the C call's bool: False where the model refuses it (ValueError)."""
    try:
        write(*args)
    except ValueError:
        return False
    return True


def check(cond, msg):
    if not cond:
        raise Fail(msg)


class TB:
    def __init__(self, dut):
        self.dut = dut
        self.lanes = int(dut.LANES.value)
        self.ram_words = int(dut.RAM_WORDS.value)
        self.rng = random.Random(random.getrandbits(32))  # from cocotb's RANDOM_SEED
        cocotb.start_soon(Clock(dut.clk, 10, units="ns").start())

    def master(self):
        self.axi = AxiLiteMaster(AxiLiteBus.from_prefix(self.dut, "s_axil"), self.dut.clk, self.dut.rst_n,
                                 reset_active_level=False)
        for ch in (self.axi.write_if.aw_channel, self.axi.write_if.w_channel, self.axi.write_if.b_channel,
                   self.axi.read_if.ar_channel, self.axi.read_if.r_channel):
            ch.log.setLevel("WARNING")
        self.axi.write_if.log.setLevel("WARNING")
        self.axi.read_if.log.setLevel("WARNING")
        return self.axi

    def backpressure(self, p):
        """Random pauses on AW, W, AR (no valid) and B, R (no ready), each with probability p."""
        def gen(seed):
            r = random.Random(seed)
            while True:
                yield r.random() < p
        for ch in (self.axi.write_if.aw_channel, self.axi.write_if.w_channel, self.axi.write_if.b_channel,
                   self.axi.read_if.ar_channel, self.axi.read_if.r_channel):
            ch.set_pause_generator(gen(self.rng.getrandbits(32)) if p > 0 else None)

    async def reset(self):
        d = self.dut
        for s in ("awvalid", "wvalid", "arvalid"):
            getattr(d, "s_axil_" + s).value = 0
        d.s_axil_bready.value = 0
        d.s_axil_rready.value = 0
        d.rst_n.value = 0
        for _ in range(3):
            await RisingEdge(d.clk)
        d.rst_n.value = 1
        await RisingEdge(d.clk)
        # reference state: fiu_state_init (the RTL's reset, spec 8.3) and the register shadows
        self.model = fiu.State(self.ram_words)
        self.alpha = (7, 0)
        self.alpha_ref = 0
        self.mode = (1, 0)
        self.scount, self.sx, self.sy, self.sprio = 1, [8] + [0] * 15, [8] + [0] * 15, list(range(16))
        self.desc = {n: 0 for n in DESC}
        self.lane = [[0] * 8 for _ in range(self.lanes)]
        self.seq = 0
        self.err = (0, 0)
        self.planes = {}  # mapped dwords (present) -> plane

    # ---------------------------------------------------------------- bus helpers
    async def write(self, addr, data, expect=OKAY, nbytes=4):
        rsp = await self.axi.write(addr, data.to_bytes(4, "little")[:nbytes])
        check(rsp.resp == expect, f"write {addr:#07x} = {data:#010x}: {rsp.resp.name}, expected {expect.name}")

    async def read(self, addr, expect=OKAY):
        rsp = await self.axi.read(addr, 4)
        check(rsp.resp == expect, f"read {addr:#07x}: {rsp.resp.name}, expected {expect.name}")
        return int.from_bytes(rsp.data, "little")

    async def writes(self, items):
        """Back-to-back writes [(addr, data, expected resp)], issued together, answered in order."""
        evs = [(a, d, e, self.axi.init_write(a, d.to_bytes(4, "little"))) for a, d, e in items]
        for a, d, e, ev in evs:
            await ev.wait()
            check(ev.data.resp == e, f"write {a:#07x} = {d:#010x}: {ev.data.resp.name}, expected {e.name}")

    async def reads(self, addrs):
        evs = [self.axi.init_read(a, 4) for a in addrs]
        out = []
        for a, ev in zip(addrs, evs):
            await ev.wait()
            check(ev.data.resp == OKAY, f"read {a:#07x}: {ev.data.resp.name}")
            out.append(int.from_bytes(ev.data.data, "little"))
        return out

    # ---------------------------------------------------------------- state writes (mirrored)
    def w_alpha(self, func, fmt):
        self.alpha = (func, fmt)
        accepted(self.model.alpha_write, func, fmt, self.alpha_ref)
        return (MAP.addr("ALPHA"), MAP.pack("ALPHA", func=func, format=fmt), OKAY)

    def w_alpha_ref(self, ref):
        self.alpha_ref = ref
        accepted(self.model.alpha_write, self.alpha[0], self.alpha[1], ref)
        return (MAP.addr("ALPHA_REF"), ref, OKAY)

    def w_mode(self, flush, fused):
        self.mode = (flush, fused)
        self.model.mode_write(bool(flush), bool(fused))
        return (MAP.addr("MODE"), MAP.pack("MODE", flush=flush, fused=fused), OKAY)

    def _samples(self):
        n = min(self.scount, 16)  # fiu.State.samples_write takes min(count, 16) entries
        check(accepted(self.model.samples_write, self.scount, self.sx[:n], self.sy[:n], self.sprio[:n]),
              "samples_write refused")

    def w_scount(self, n):
        self.scount = n
        self._samples()
        return (MAP.addr("SAMPLE_COUNT"), MAP.pack("SAMPLE_COUNT", count=n), OKAY)

    def w_spos(self, i, x, y):
        self.sx[i], self.sy[i] = x, y
        self._samples()
        return (MAP.addr(f"SAMPLE_POS[{i}]"), MAP.pack("SAMPLE_POS[0]", x=x, y=y), OKAY)

    def w_sprio(self, i, s):
        self.sprio[i] = s
        self._samples()
        return (MAP.addr(f"SAMPLE_PRIO[{i}]"), MAP.pack("SAMPLE_PRIO[0]", index=s), OKAY)

    def w_map(self, d, present, plane, interp):
        word = MAP.pack("MAP[0]", present=present, plane=plane, interp=interp)
        if interp == 3:   # refused (spec 8.2: the RTL port ignores it; the bus refuses it)
            self.err = (1, MAP.addr(f"MAP[{d}]"))
            return (MAP.addr(f"MAP[{d}]"), word, SLVERR)
        check(accepted(self.model.map_write, d, bool(present), plane, interp), "map_write refused")
        if present:
            self.planes[d] = plane
        else:
            self.planes.pop(d, None)
        return (MAP.addr(f"MAP[{d}]"), word, OKAY)

    def w_ram(self, w, data):
        check(accepted(self.model.ram_write, w, data), "ram_write refused")
        return (MAP.ram_base + 4 * w, data, OKAY)

    def w_desc(self, name, word):
        self.desc[name] = word
        return (MAP.addr(name), word, OKAY)

    def w_lane(self, i, r, word):
        self.lane[i][r] = word
        return (MAP.addr(f"LANE[{i}].{LANE_REGS[r]}"), word, OKAY)

    # ---------------------------------------------------------------- the request
    def request(self):
        """fiu_request from the descriptor shadow, decoded with the map's field positions."""
        def f(path, name, word):
            lsb, width, _ = MAP.field(path, name)
            return word >> lsb & ((1 << width) - 1)
        d = self.desc
        rq = fiu.Request(lanes=self.lanes)
        for name in ("op", "ipa_mode", "loc"):
            setattr(rq, name, f("REQ_OP", name, d["REQ_OP"]))
        for name in ("sat", "idx", "atest", "pmul", "puniform", "unpack_bgra"):
            setattr(rq, name, bool(f("REQ_FLAGS", name, d["REQ_FLAGS"])))
        rq.imm = f("REQ_IMM", "imm", d["REQ_IMM"])
        rq.vintrp, rq.m0 = d["REQ_VINTRP"], d["REQ_M0"]
        for name in ("wave_lane0", "unpack_fmt", "unpack_comp"):
            setattr(rq, name, f("REQ_MISC", name, d["REQ_MISC"]))
        for i in range(self.lanes):
            ctrl, xy = self.lane[i][0], self.lane[i][1]
            ln = rq.lane[i]
            for name in ("active", "guard", "front_face"):
                setattr(ln, name, bool(f("LANE[0].CTRL", name, ctrl)))
            ln.sample_id = f("LANE[0].CTRL", "sample_id", ctrl)
            ln.coverage = f("LANE[0].CTRL", "coverage", ctrl)
            ln.px, ln.py = f("LANE[0].XY", "px", xy), f("LANE[0].XY", "py", xy)
            ln.prim_base, ln.prim_id, ln.ra, ln.rb, ln.rc, ln.rd = self.lane[i][2:]
        return rq

    async def doorbell_and_check(self, inject=False):
        await self.write(MAP.addr("DOORBELL"), 1)
        self.seq += 1
        exp = self.model.execute(self.request())
        if inject:
            exp.result[0] ^= 1
        names = ["RSP_SEQ", "RSP_STATUS", "RSP_PRED", "RSP_LANES", "RSP_WMASK_LO", "RSP_WMASK_HI",
                 "RSP_KILL_LO", "RSP_KILL_HI"]
        beyond = self.rng.randrange(self.lanes, 64) if self.lanes < 64 else None
        addrs = [MAP.addr(n) for n in names] + [MAP.addr(f"RSP_RESULT[{i}]") for i in range(self.lanes)]
        if beyond is not None:
            addrs.append(MAP.addr(f"RSP_RESULT[{beyond}]"))
        got = await self.reads(addrs)
        want = [self.seq, exp.status, int(exp.pred), self.lanes, exp.wmask & 0xffffffff, exp.wmask >> 32,
                exp.kill & 0xffffffff, exp.kill >> 32] + [exp.result[i] for i in range(self.lanes)]
        if beyond is not None:
            want.append(0)
        labels = names + [f"RSP_RESULT[{i}]" for i in range(self.lanes)] + ([f"RSP_RESULT[{beyond}]"]
                                                                             if beyond is not None else [])
        bad = [f"{n}: got {g:#010x} expected {w:#010x}" for n, g, w in zip(labels, got, want) if g != w]
        check(not bad, f"request {self.seq}: response mismatch\n  " + "\n  ".join(bad))
        return exp.status

    # ---------------------------------------------------------------- random stimulus
    def rand_word(self):
        r = self.rng.random()
        return self.rng.choice(FLOATS) if r < 0.5 else self.rng.getrandbits(32) if r < 0.8 \
            else self.rng.randrange(0, 0x400)

    def rand_desc(self):
        rng = self.rng
        op = rng.choices(range(8), weights=[40, 12, 14, 12, 12, 2, 2, 2])[0]
        imm = (4 * rng.choice(list(self.planes))) if self.planes and rng.random() < 0.7 else rng.randrange(0x400)
        vintrp = rng.getrandbits(32)
        if rng.random() < 0.6:   # the VINTRP encodings (bits 31:26 = 0b110010 / 0b110101)
            vintrp = (rng.choice([0b110010, 0b110101]) << 26) | (vintrp & 0x3ffffff)
        return {
            "REQ_OP": MAP.pack("REQ_OP", op=op, ipa_mode=rng.choices(range(8), weights=[6] * 4 + [1] * 4)[0],
                               loc=rng.choices(range(8), weights=[6] * 6 + [1] * 2)[0]),
            "REQ_FLAGS": MAP.pack("REQ_FLAGS", sat=rng.getrandbits(1), idx=int(rng.random() < 0.3),
                                  atest=rng.getrandbits(1), pmul=rng.getrandbits(1),
                                  puniform=int(rng.random() < 0.2), unpack_bgra=rng.getrandbits(1)),
            "REQ_IMM": MAP.pack("REQ_IMM", imm=imm),
            "REQ_VINTRP": vintrp,
            "REQ_M0": rng.choice([0, rng.randrange(0x10000), rng.getrandbits(32)]),
            "REQ_MISC": MAP.pack("REQ_MISC", wave_lane0=rng.randrange(64), unpack_fmt=rng.randrange(8),
                                 unpack_comp=rng.randrange(8)),
        }

    def rand_lane(self, base):
        rng = self.rng
        ctrl = MAP.pack("LANE[0].CTRL", active=int(rng.random() < 0.85), guard=int(rng.random() < 0.85),
                        front_face=rng.getrandbits(1), sample_id=rng.randrange(16), coverage=rng.getrandbits(16))
        xy = MAP.pack("LANE[0].XY", px=rng.randrange(0x400), py=rng.randrange(0x400))
        ra = rng.choice([rng.getrandbits(32), 0x80000000 | rng.randrange(0x400), rng.randrange(0x400) & ~3])
        return [ctrl, xy, base, rng.randrange(1 << 16), ra, self.rand_word(), self.rand_word(), self.rand_word()]


async def bounded(cond, dut, cycles, what):
    """Returns in the ReadOnly phase of the first clock cycle where cond() holds (a ready seen
    here means the handshake happens at the next rising edge); fails after `cycles` clocks."""
    for _ in range(cycles):
        await ReadOnly()
        if cond():
            return
        await RisingEdge(dut.clk)
    raise Fail(f"{what}: not within {cycles} clocks")


@cocotb.test()
async def test_map(dut):
    """Every register of the .rdl map: access, reset value, field read/write; holes answer DECERR."""
    tb = TB(dut)
    tb.master()
    await tb.reset()
    await bounded(lambda: dut.busy.value == 0, dut, 1000, "map clear after reset")
    await RisingEdge(dut.clk)
    fixed = {"RAM_WORDS": tb.ram_words, "MAX_LANES": tb.lanes, "REQ_LANES": tb.lanes, "SAMPLE_POS[0]": 0x88}
    checked = 0
    for path, reg in MAP.regs.items():
        absent = path.startswith("LANE[") and int(path[5:path.index("]")]) >= tb.lanes
        if absent:   # lanes beyond LANES are not decoded by this instance
            await tb.read(reg.addr, DECERR)
            await tb.write(reg.addr, 0, DECERR)
            continue
        if not reg.readable:
            await tb.read(reg.addr, SLVERR)
            continue
        v = await tb.read(reg.addr)
        want = fixed.get(path, reg.reset())
        if path.startswith("SAMPLE_PRIO["):
            want = int(path[12:path.index("]")])
        if path.startswith("LANE[") or path in ("REQ_VINTRP", "REQ_M0", "REQ_OP", "REQ_FLAGS", "REQ_IMM",
                                                 "REQ_MISC"):
            want = 0   # descriptor registers reset to 0 on fiu_axil
        check(want is not None, f"{path}: no reset value to compare")
        check(v == want, f"{path} @ {reg.addr:#07x}: reads {v:#010x} after reset, expected {want:#010x}")
        check(v & ~reg.mask == 0, f"{path}: reserved bits read as 1")
        if not reg.writable:
            await tb.write(reg.addr, v, SLVERR)
        elif path not in ("ERR_STATUS", "REQ_LANES", "DOORBELL"):
            # every field written with random bits reads back in the map's position
            w = tb.rng.getrandbits(32) & reg.mask
            if path.startswith("SAMPLE_COUNT"):
                w &= 0x1f
            await tb.write(reg.addr, w)
            r = await tb.read(reg.addr)
            check(r == w, f"{path}: wrote {w:#010x}, read back {r:#010x}")
        checked += 1
    # words outside every register and the RAM window
    mapped = {r.addr for r in MAP.regs.values()}
    holes = 0
    for a in range(0, MAP.ram_base, 4):
        if a not in mapped and (holes < 40 or tb.rng.random() < 0.01):
            await tb.read(a, DECERR)
            await tb.write(a, 0, DECERR)
            holes += 1
    for w in (tb.ram_words, tb.ram_words + 1, MAP.ram_entries - 1):
        if w < MAP.ram_entries and w >= tb.ram_words:
            await tb.write(MAP.ram_base + 4 * w, 0, DECERR)
            await tb.read(MAP.ram_base + 4 * w, DECERR)
    await tb.write(MAP.ram_base + 4 * (tb.ram_words - 1), 0)
    await tb.read(MAP.ram_base, SLVERR)
    dut._log.info(f"test_map: {checked} registers checked against {os.path.basename(RDL)}, "
                  f"{holes} unmapped words answer DECERR")


@cocotb.test()
async def test_channels(dut):
    """Pin level: channel orders, backpressure on B and R, bounded waits, alignment and strobes."""
    tb = TB(dut)
    await tb.reset()
    d = dut
    d.s_axil_awprot.value = 0
    d.s_axil_arprot.value = 0
    ref = MAP.addr("ALPHA_REF")

    async def aw(addr):
        d.s_axil_awaddr.value = addr
        d.s_axil_awvalid.value = 1
        await bounded(lambda: d.s_axil_awready.value == 1, d, 400, f"AW {addr:#x}")
        await RisingEdge(d.clk)
        d.s_axil_awvalid.value = 0

    async def w(data, strb=0xF):
        d.s_axil_wdata.value = data
        d.s_axil_wstrb.value = strb
        d.s_axil_wvalid.value = 1
        await bounded(lambda: d.s_axil_wready.value == 1, d, 400, "W")
        await RisingEdge(d.clk)
        d.s_axil_wvalid.value = 0

    async def b(hold=0):
        """Takes one B; with hold, bready stays low for `hold` clocks of bvalid (stable response)."""
        await bounded(lambda: d.s_axil_bvalid.value == 1, d, 1000, "B")
        resp = int(d.s_axil_bresp.value)
        for _ in range(hold):
            await RisingEdge(d.clk)
            await ReadOnly()
            check(d.s_axil_bvalid.value == 1 and int(d.s_axil_bresp.value) == resp, "B dropped under backpressure")
        await Timer(1, "ns")
        d.s_axil_bready.value = 1
        await RisingEdge(d.clk)
        d.s_axil_bready.value = 0
        return resp

    async def r(addr, hold=0):
        d.s_axil_araddr.value = addr
        d.s_axil_arvalid.value = 1
        await bounded(lambda: d.s_axil_arready.value == 1, d, 400, f"AR {addr:#x}")
        await RisingEdge(d.clk)
        d.s_axil_arvalid.value = 0
        await bounded(lambda: d.s_axil_rvalid.value == 1, d, 400, "R")
        data, resp = int(d.s_axil_rdata.value), int(d.s_axil_rresp.value)
        for _ in range(hold):
            await RisingEdge(d.clk)
            await ReadOnly()
            check(d.s_axil_rvalid.value == 1 and int(d.s_axil_rdata.value) == data, "R changed under backpressure")
        await Timer(1, "ns")
        d.s_axil_rready.value = 1
        await RisingEdge(d.clk)
        d.s_axil_rready.value = 0
        return data, resp

    async def idle(n):
        for _ in range(n):
            await RisingEdge(d.clk)

    # W first, AW 5 clocks later
    cocotb.start_soon(w(0x11111111))
    await idle(5)
    await aw(ref)
    check(await b() == 0, "W-before-AW write: not OKAY")
    check(await r(ref) == (0x11111111, 0), "W-before-AW write not applied")
    # AW first, W 5 clocks later
    cocotb.start_soon(aw(ref))
    await idle(5)
    await w(0x22222222)
    check(await b(hold=7) == 0, "AW-before-W write: not OKAY")
    check(await r(ref) == (0x22222222, 0), "AW-before-W write not applied")
    # both in one clock; while its B is held, the next write's AW and W are taken but wait
    first = cocotb.start_soon(w(0x33333333))
    await aw(ref)
    await first
    await bounded(lambda: d.s_axil_bvalid.value == 1, d, 100, "B of the first write")
    await RisingEdge(d.clk)
    second = cocotb.start_soon(w(0x44444444))
    await aw(ref)
    await second
    check(await b(hold=10) == 0, "first of two writes: not OKAY")
    check(await b() == 0, "second of two writes: not OKAY")
    check(await r(ref, hold=6) == (0x44444444, 0), "second write not applied in order")
    # While R is held, one more AR is taken (the skid entry, so ARREADY is a register); a third
    # waits; the held data stays stable; then the reads come out in order, one per clock.
    d.s_axil_araddr.value = MAP.addr("ID")
    d.s_axil_arvalid.value = 1
    await bounded(lambda: d.s_axil_arready.value == 1, d, 100, "AR")
    await RisingEdge(d.clk)   # AR of ID taken
    d.s_axil_araddr.value = MAP.addr("VERSION")
    await ReadOnly()
    check(d.s_axil_rvalid.value == 1, "R of ID not valid one clock after its AR")
    check(d.s_axil_arready.value == 1, "AR of VERSION refused with the skid entry free")
    await RisingEdge(d.clk)   # AR of VERSION taken into the skid entry; R of ID held
    d.s_axil_araddr.value = MAP.addr("ID")
    for _ in range(6):        # rvalid is high, rready low, the skid entry full: the third AR waits
        await ReadOnly()
        check(d.s_axil_rvalid.value == 1 and int(d.s_axil_rdata.value) == MAP["ID"].reset(), "R of ID lost")
        check(d.s_axil_arready.value == 0, "AR accepted while R is held and the skid entry is full")
        await RisingEdge(d.clk)
    await Timer(1, "ns")
    d.s_axil_rready.value = 1
    await RisingEdge(d.clk)   # R of ID taken; VERSION moves to R
    await ReadOnly()
    check(d.s_axil_rvalid.value == 1 and int(d.s_axil_rdata.value) == MAP["VERSION"].reset(),
          "back-to-back read: wrong VERSION")
    check(d.s_axil_arready.value == 1, "AR refused after the skid entry drained")
    await RisingEdge(d.clk)   # R of VERSION taken; the third AR (ID) taken
    d.s_axil_arvalid.value = 0
    await ReadOnly()
    check(d.s_axil_rvalid.value == 1 and int(d.s_axil_rdata.value) == MAP["ID"].reset(), "third read: wrong ID")
    await RisingEdge(d.clk)
    d.s_axil_rready.value = 0
    # errors: misaligned full-strobe write, WSTRB 0 and partial, misaligned read; no effect
    for addr, strb in ((ref + 2, 0xF), (ref, 0x0), (ref, 0x3), (ref, 0xE)):
        cocotb.start_soon(w(0x55555555, strb))
        await aw(addr)
        check(await b() == 2, f"write {addr:#x} strobes {strb:#x}: not SLVERR")
    check(await r(ref + 1) == (0, 2), "misaligned read: not SLVERR with data 0")
    check(await r(ref) == (0x44444444, 0), "a refused write changed ALPHA_REF")
    check(await r(0x30) == (0, 3), "unmapped read: not DECERR")
    dut._log.info("test_channels: orders, backpressure, errors PASS")


@cocotb.test()
async def test_traffic(dut):
    """Random register traffic interleaved with requests; the C model checks every response."""
    tb = TB(dut)
    tb.master()
    await tb.reset()
    rng = tb.rng
    n_req = int(os.environ.get("FIU_AXIL_REQUESTS", "200"))
    inject = os.environ.get("FIU_AXIL_INJECT") == "1"
    tb.backpressure(0.3)
    # the parameter RAM is not reset (spec 8.3): write every word, planes first, then the rest
    prefill = tb.ram_words
    tb.backpressure(0.0)
    await tb.writes([tb.w_ram(wd, tb.rand_word()) for wd in range(tb.ram_words)])
    tb.backpressure(0.3)
    await tb.writes([tb.w_map(dd, 1, rng.randrange(16), rng.randrange(3)) for dd in rng.sample(range(256), 48)])
    base = rng.randrange(0, prefill - 48)
    await tb.writes([tb.w_desc(n, v) for n, v in tb.rand_desc().items()] +
                    [tb.w_lane(i, r, v) for i in range(tb.lanes) for r, v in enumerate(tb.rand_lane(base))])
    statuses, writes, errors, readbacks = {}, 0, 0, 0
    done = 0
    while done < n_req:
        kind = rng.choices(["request", "ram", "map", "samples", "alpha", "mode", "readback", "bad"],
                           weights=[30, 12, 10, 6, 5, 5, 8, 8])[0]
        if kind == "request":
            items = []
            if rng.random() < 0.8:
                items += [tb.w_desc(n, v) for n, v in tb.rand_desc().items() if rng.random() < 0.6]
            quad = rng.random() < 0.7
            base = rng.randrange(0, prefill - 48)
            for i in range(tb.lanes):
                if rng.random() < 0.7:
                    lane = tb.rand_lane(base if quad else rng.randrange(0, tb.ram_words))
                    items += [tb.w_lane(i, r, v) for r, v in enumerate(lane) if rng.random() < 0.8]
            await tb.writes(items)
            writes += len(items)
            done += 1
            st = await tb.doorbell_and_check(inject and done == n_req // 2)
            statuses[st] = statuses.get(st, 0) + 1
        elif kind == "ram":
            items = [tb.w_ram(rng.randrange(prefill) if rng.random() < 0.8 else rng.randrange(tb.ram_words),
                              tb.rand_word()) for _ in range(rng.randrange(1, 9))]
            await tb.writes(items)
            writes += len(items)
        elif kind == "map":
            items = [tb.w_map(rng.randrange(256), int(rng.random() < 0.8), rng.randrange(16) if rng.random() < 0.9
                              else rng.randrange(256), rng.choices(range(4), weights=[5, 5, 5, 1])[0])
                     for _ in range(rng.randrange(1, 5))]
            await tb.writes(items)
            writes += len(items)
        elif kind == "samples":
            # the shadows follow the bus order: items are made in the order they are sent
            items = []
            count_at = rng.randrange(0, 6)
            for k in range(rng.randrange(0, 6) + 1):
                i = rng.randrange(16)
                if k == count_at:
                    items.append(tb.w_scount(rng.choice([1, 2, 4, 8, 16, 1, 4, rng.randrange(32)])))
                elif rng.random() < 0.5:
                    items.append(tb.w_spos(i, rng.randrange(16), rng.randrange(16)))
                else:
                    items.append(tb.w_sprio(i, rng.randrange(16)))
            await tb.writes(items)
            writes += len(items)
        elif kind == "alpha":
            items = [tb.w_alpha(rng.randrange(8), rng.randrange(4))]
            if rng.random() < 0.7:
                items.append(tb.w_alpha_ref(rng.choice([tb.rand_word(), rng.randrange(0x10000)])))
            await tb.writes(items)
            writes += len(items)
        elif kind == "mode":
            await tb.writes([tb.w_mode(rng.getrandbits(1), rng.getrandbits(1))])
            writes += 1
        elif kind == "readback":
            regs = [("ALPHA", MAP.pack("ALPHA", func=tb.alpha[0], format=tb.alpha[1])),
                    ("ALPHA_REF", tb.alpha_ref), ("MODE", MAP.pack("MODE", flush=tb.mode[0], fused=tb.mode[1])),
                    ("SAMPLE_COUNT", tb.scount), ("ERR_STATUS", tb.err[0]), ("RSP_SEQ", tb.seq)]
            i = rng.randrange(16)
            regs += [(f"SAMPLE_POS[{i}]", MAP.pack("SAMPLE_POS[0]", x=tb.sx[i], y=tb.sy[i])),
                     (f"SAMPLE_PRIO[{i}]", tb.sprio[i])]
            regs += [(n, tb.desc[n]) for n in DESC]
            ln, r = rng.randrange(tb.lanes), rng.randrange(8)
            regs.append((f"LANE[{ln}].{LANE_REGS[r]}", tb.lane[ln][r]))
            rng.shuffle(regs)
            got = await tb.reads([MAP.addr(n) for n, _ in regs])
            for (n, want), g in zip(regs, got):
                check(g == want, f"read-back {n}: {g:#010x}, expected {want:#010x}")
            readbacks += len(regs)
        else:
            errors += 1
            await bad_access(tb)
    # the last word: every state register read back
    check(await tb.read(MAP.addr("RSP_SEQ")) == tb.seq, "RSP_SEQ")
    tb.model = None
    summary = " ".join(f"{k}:{v}" for k, v in sorted(statuses.items()))
    dut._log.info(f"test_traffic: lanes={tb.lanes} requests={done} state_writes={writes} readbacks={readbacks} "
                  f"bad_accesses={errors} statuses {{{summary}}} PASS")


async def bad_access(tb):
    """One refused access of a random kind; the state must not change (the scoreboard and the
    read-backs that follow would see it), ERR_STATUS/ERR_ADDR record refused values."""
    rng = tb.rng
    kind = rng.randrange(7)
    if kind == 0:     # unmapped word
        mapped = {r.addr for r in MAP.regs.values()}
        while True:
            a = rng.randrange(0, MAP.size, 4)
            in_ram = MAP.ram_base <= a < MAP.ram_base + 4 * tb.ram_words
            if a not in mapped and not in_ram:
                break
        await (tb.read(a, DECERR) if rng.random() < 0.5 else tb.write(a, rng.getrandbits(32), DECERR))
    elif kind == 1:   # read-only register
        ro = [p for p, r in MAP.regs.items() if not r.writable and not p.startswith("LANE[")]
        await tb.write(MAP.addr(rng.choice(ro)), rng.getrandbits(32), SLVERR)
    elif kind == 2:   # write-only register or RAM word
        a = MAP.addr(f"MAP[{rng.randrange(256)}]") if rng.random() < 0.5 else \
            MAP.ram_base + 4 * rng.randrange(tb.ram_words)
        await tb.read(a, SLVERR)
    elif kind == 3:   # partial strobes (cocotbext-axi: 1..3 bytes at an aligned address)
        name = rng.choice(["ALPHA_REF", "MODE", "REQ_M0", "SAMPLE_COUNT"])
        await tb.write(MAP.addr(name), rng.getrandbits(32), SLVERR, nbytes=rng.randrange(1, 4))
    elif kind == 4:   # misaligned read
        await tb.read(MAP.addr(rng.choice(["ALPHA", "RSP_SEQ", "REQ_OP"])) + rng.randrange(1, 4), SLVERR)
    else:             # refused values: reserved bits, interp 3, REQ_LANES, DOORBELL
        cands = [(p, r) for p, r in MAP.regs.items() if r.writable and r.mask != 0xffffffff
                 and not p.startswith("LANE[") or p == "LANE[0].CTRL"]
        path, reg = rng.choice(cands)
        if path == "DOORBELL":
            data = rng.choice([0, 2, 3])
        elif path == "REQ_LANES":
            data = rng.choice([v for v in (0, 1, 2, 4, 64, 65) if v != tb.lanes])
        else:
            free = [b for b in range(32) if not reg.mask >> b & 1]
            data = (rng.getrandbits(32) & reg.mask) | 1 << rng.choice(free)
        await tb.write(reg.addr, data, SLVERR)
        tb.err = (1, reg.addr)
        e = await tb.reads([MAP.addr("ERR_STATUS"), MAP.addr("ERR_ADDR")])
        check(e == [1, reg.addr], f"ERR_STATUS/ERR_ADDR after refused {path} = {data:#x}: {e}")
        if rng.random() < 0.5:   # write 1 to clear
            await tb.write(MAP.addr("ERR_STATUS"), 1)
            tb.err = (0, reg.addr)
            check(await tb.read(MAP.addr("ERR_STATUS")) == 0, "ERR_STATUS not cleared by W1C")
