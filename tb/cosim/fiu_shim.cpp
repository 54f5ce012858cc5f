// extern "C" shim over the Verilated fiu_top (see fiu_shim.h). VTOP / VTOP_H name the model.
#include "fiu_shim.h"

#include <cstring>
#include <memory>

#include VTOP_H
#include VTOP_MOD_H
#include "verilated.h"
#include "verilator_args.h"
#include "vl_cov.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

namespace {

// Bit-field writes/reads for any Verilator port type (CData..QData, VlWide<N>).
template <typename T> void put(T &port, unsigned lsb, unsigned width, uint64_t v)
{
    uint64_t mask = width >= 64 ? ~0ull : ((1ull << width) - 1);
    port = static_cast<T>((static_cast<uint64_t>(port) & ~(mask << lsb)) | ((v & mask) << lsb));
}
template <std::size_t N> void put(VlWide<N> &port, unsigned lsb, unsigned width, uint64_t v)
{
    if (lsb % 32 + width <= 32) { // one word: every field of the request ports
        const uint32_t mask = width >= 32 ? ~0u : ((1u << width) - 1) << (lsb % 32);
        uint32_t &w = port[lsb / 32];
        w = (w & ~mask) | (static_cast<uint32_t>(v << (lsb % 32)) & mask);
        return;
    }
    for (unsigned b = 0; b < width; b++) {
        unsigned bit = lsb + b, w = bit / 32, s = bit % 32;
        port[w] = (port[w] & ~(1u << s)) | (static_cast<uint32_t>((v >> b) & 1) << s);
    }
}
template <typename T> uint64_t get(const T &port, unsigned lsb, unsigned width)
{
    uint64_t mask = width >= 64 ? ~0ull : ((1ull << width) - 1);
    return (static_cast<uint64_t>(port) >> lsb) & mask;
}
template <std::size_t N> uint64_t get(const VlWide<N> &port, unsigned lsb, unsigned width)
{
    if (lsb % 32 + width <= 32) {
        const uint32_t w = port[lsb / 32] >> (lsb % 32);
        return width >= 32 ? w : w & ((1u << width) - 1);
    }
    uint64_t v = 0;
    for (unsigned b = 0; b < width; b++) {
        unsigned bit = lsb + b;
        v |= static_cast<uint64_t>((port[bit / 32] >> (bit % 32)) & 1) << b;
    }
    return v;
}

} // namespace

struct fiu_rtl {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<VTOP> top;
#if VM_TRACE
    std::unique_ptr<VerilatedFstC> fst;
    bool trace_on = false;
#endif
    uint64_t cycle = 0;
    // inputs (or clk_i low after a tick) not evaluated yet: a tick evaluates them with the clock low
    // first, as fiu_clock_gate's latch needs (spec 8.7)
    bool eval_pending = false;
};

extern "C" {

fiu_rtl *fiu_rtl_new(unsigned rand_reset, uint64_t seed)
{
    auto *m = new fiu_rtl;
    m->ctx = std::make_unique<VerilatedContext>();
    fiu_verilator_args(m->ctx.get(), "fiu", rand_reset, seed);
#if VM_TRACE
    m->ctx->traceEverOn(true);
#endif
    m->top = std::make_unique<VTOP>(m->ctx.get(), "fiu");
    m->top->clk_i = 0;
    m->top->rst_ni = 1;
    m->top->eval();
    return m;
}

void fiu_rtl_free(fiu_rtl *m)
{
    if (!m)
        return;
    fiu_rtl_trace_close(m);
    m->top->final();
    fiu_vl_cov_write(m->ctx.get(), "fiu_top");
    // The model's destructor unregisters its scopes with the thread's current context,
    // which is the most recently created one; point it back at this model's own.
    Verilated::threadContextp(m->ctx.get());
    delete m;
}

unsigned fiu_rtl_lanes(void) { return FIU_RTL_LANES; }
unsigned fiu_rtl_clock_gate(void) { return FIU_RTL_CLOCK_GATE; }
unsigned fiu_rtl_ram_words(void) { return FIU_RTL_RAM_WORDS; }
unsigned fiu_rtl_latency(void) { return VTOP_MOD::LATENCY; }

void fiu_rtl_set_reset(fiu_rtl *m, bool asserted)
{
    m->top->rst_ni = !asserted;
    m->eval_pending = true;
}

void fiu_rtl_set_request(fiu_rtl *m, bool valid, uint16_t tag, const fiu_request *rq)
{
    VTOP *t = m->top.get();
    t->req_valid_i = valid;
    m->eval_pending = true;
    if (!rq)
        return;
    t->req_tag_i = tag;
    t->req_op_i = rq->op;
    t->req_ipa_mode_i = rq->ipa_mode;
    t->req_loc_i = rq->loc;
    t->req_sat_i = rq->sat;
    t->req_idx_i = rq->idx;
    t->req_atest_i = rq->atest;
    t->req_pmul_i = rq->pmul;
    t->req_puniform_i = rq->puniform;
    t->req_imm_i = rq->imm;
    t->req_vintrp_i = rq->vintrp;
    t->req_m0_i = rq->m0;
    t->req_wave_lane0_i = rq->wave_lane0;
    t->req_unpack_fmt_i = rq->unpack_fmt;
    t->req_unpack_comp_i = rq->unpack_comp;
    t->req_unpack_bgra_i = rq->unpack_bgra;
    for (unsigned i = 0; i < FIU_RTL_LANES; i++) {
        const fiu_lane &l = rq->lane[i];
        put(t->req_active_i, i, 1, l.active);
        put(t->req_guard_i, i, 1, l.guard);
        put(t->req_px_i, 16 * i, 16, l.px);
        put(t->req_py_i, 16 * i, 16, l.py);
        put(t->req_sample_id_i, 4 * i, 4, l.sample_id);
        put(t->req_coverage_i, 16 * i, 16, l.coverage);
        put(t->req_prim_base_i, 32 * i, 32, l.prim_base);
        put(t->req_prim_id_i, 32 * i, 32, l.prim_id);
        put(t->req_front_face_i, i, 1, l.front_face);
        put(t->req_ra_i, 32 * i, 32, l.ra);
        put(t->req_rb_i, 32 * i, 32, l.rb);
        put(t->req_rc_i, 32 * i, 32, l.rc);
        put(t->req_rd_i, 32 * i, 32, l.rd);
    }
}

void fiu_rtl_set_cfg(fiu_rtl *m, bool valid, unsigned sel, uint32_t addr, uint32_t data)
{
    m->top->cfg_valid_i = valid;
    m->eval_pending = true;
    m->top->cfg_sel_i = sel;
    m->top->cfg_addr_i = addr;
    m->top->cfg_data_i = data;
}

void fiu_rtl_set_rsp_ready(fiu_rtl *m, bool ready)
{
    m->top->rsp_ready_i = ready;
    m->eval_pending = true;
}

void fiu_rtl_eval(fiu_rtl *m)
{
    m->top->eval();
    m->eval_pending = false;
}
bool fiu_rtl_req_ready(const fiu_rtl *m) { return m->top->req_ready_o; }
bool fiu_rtl_cfg_ready(const fiu_rtl *m) { return m->top->cfg_ready_o; }
bool fiu_rtl_busy(const fiu_rtl *m) { return m->top->busy_o; }

bool fiu_rtl_response(const fiu_rtl *m, uint16_t *tag, fiu_response *rsp)
{
    const VTOP *t = m->top.get();
    if (!t->rsp_valid_o)
        return false;
    std::memset(rsp, 0, sizeof *rsp);
    *tag = t->rsp_tag_o;
    rsp->lanes = FIU_RTL_LANES;
    for (unsigned i = 0; i < FIU_RTL_LANES; i++) {
        rsp->result[i] = static_cast<uint32_t>(get(t->rsp_result_o, 32 * i, 32));
        rsp->wmask |= get(t->rsp_wmask_o, i, 1) << i;
        rsp->kill |= get(t->rsp_kill_o, i, 1) << i;
    }
    rsp->pred = t->rsp_pred_o;
    rsp->status = t->rsp_status_o;
    return true;
}

// Cycle n: time 10n shows this cycle's inputs with the clock low, the rising edge is at
// 10n+5 (so a handshake is visibly set up before the edge that samples it).
void fiu_rtl_tick(fiu_rtl *m)
{
    if (m->eval_pending)
        fiu_rtl_eval(m);
#if VM_TRACE
    if (m->fst && m->trace_on)
        m->fst->dump(m->ctx->time());
#endif
    m->ctx->timeInc(5);
    m->top->clk_i = 1;
    m->top->eval();
#if VM_TRACE
    if (m->fst && m->trace_on)
        m->fst->dump(m->ctx->time());
#endif
    m->ctx->timeInc(5);
    m->top->clk_i = 0;   // evaluated with the next cycle's inputs (fiu_rtl_eval) or the next tick
    m->eval_pending = true;
    m->cycle++;
}

uint64_t fiu_rtl_cycle(const fiu_rtl *m) { return m->cycle; }

bool fiu_rtl_trace_open(fiu_rtl *m, const char *path)
{
#if VM_TRACE
    m->fst = std::make_unique<VerilatedFstC>();
    m->top->trace(m->fst.get(), 99);
    m->fst->open(path);
    return m->fst->isOpen();
#else
    (void)m;
    (void)path;
    return false;
#endif
}

void fiu_rtl_trace_enable(fiu_rtl *m, bool on)
{
#if VM_TRACE
    m->trace_on = on;
#else
    (void)m;
    (void)on;
#endif
}

void fiu_rtl_trace_close(fiu_rtl *m)
{
#if VM_TRACE
    if (m->fst) {
        m->fst->close();
        m->fst.reset();
    }
#else
    (void)m;
#endif
}

} // extern "C"
