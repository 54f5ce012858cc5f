// Unit test of the fiu TLM-2.0 target (docs/systemc.md): registers, RAM, error responses,
// debug transport, timing annotation, and requests through the map against fiu_execute on an
// independently maintained fiu_state.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "fiu_tlm_driver.h"
#include "fiu_tlm_target.h"

using namespace fiu_tlm;
using sc_core::sc_time;
using sc_core::SC_NS;
using tlm::tlm_response_status;

#define CHECK(cond) check((cond), __LINE__, #cond)

namespace {

constexpr uint32_t TEST_RAM_WORDS = 0x1000;

bool collect(void *ctx, const fiu_vrec *rec)
{
    static_cast<std::vector<fiu_vrec> *>(ctx)->push_back(*rec);
    return true;
}

// Sample tables equal where the model uses them (min(count,16) entries).
bool same_samples(const fiu_sample_table &a, const fiu_sample_table &b)
{
    if (a.count != b.count)
        return false;
    unsigned n = a.count < FIU_MAX_SAMPLES ? a.count : unsigned(FIU_MAX_SAMPLES);
    return !std::memcmp(a.x, b.x, n) && !std::memcmp(a.y, b.y, n) && !std::memcmp(a.priority, b.priority, n);
}

bool same_state(const fiu_state &a, const fiu_state &b, bool with_ram)
{
    for (unsigned d = 0; d < FIU_MAP_ENTRIES; d++)
        if (a.map[d].present != b.map[d].present || a.map[d].plane != b.map[d].plane ||
            a.map[d].interp != b.map[d].interp)
            return false;
    return same_samples(a.samples, b.samples) && a.alpha_func == b.alpha_func && a.alpha_format == b.alpha_format &&
           a.alpha_ref == b.alpha_ref && a.flush == b.flush && a.fused == b.fused && a.ram_words == b.ram_words &&
           (!with_ram || !std::memcmp(a.ram, b.ram, a.ram_words * sizeof *a.ram));
}

class tester : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<tester> socket;
    unsigned checks = 0, failures = 0;

    SC_HAS_PROCESS(tester);
    tester(sc_core::sc_module_name name, const fiu_tlm_target &target)
        : sc_module(name), socket("socket"), target_(target),
          drv_([this](bool w, uint64_t off, uint32_t &d) { return (w ? wr(off, d) : rd(off, d)) == tlm::TLM_OK_RESPONSE; })
    {
        SC_THREAD(run);
        set_stack_size(0x100000); // vector records and requests live on the thread stack
    }

private:
    void check(bool ok, int line, const char *what)
    {
        checks++;
        if (!ok) {
            failures++;
            std::fprintf(stderr, "tlm_target_test.cpp:%d: check failed: %s\n", line, what);
        }
    }

    // One b_transport; data has room for len bytes.
    tlm_response_status xfer(tlm::tlm_command cmd, uint64_t addr, unsigned char *data, unsigned len,
                             sc_time &delay, unsigned char *be = nullptr, unsigned be_len = 0, unsigned width = 0)
    {
        tlm::tlm_generic_payload tx;
        tx.set_command(cmd);
        tx.set_address(addr);
        tx.set_data_ptr(data);
        tx.set_data_length(len);
        tx.set_streaming_width(width ? width : len);
        tx.set_byte_enable_ptr(be);
        tx.set_byte_enable_length(be_len);
        tx.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        socket->b_transport(tx, delay);
        return tx.get_response_status();
    }
    tlm_response_status rd(uint64_t addr, uint32_t &v)
    {
        unsigned char b[4] = {};
        sc_time t = sc_core::SC_ZERO_TIME;
        tlm_response_status s = xfer(tlm::TLM_READ_COMMAND, addr, b, 4, t);
        v = uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
        return s;
    }
    tlm_response_status wr(uint64_t addr, uint32_t v, sc_time *delay = nullptr)
    {
        unsigned char b[4] = {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)};
        sc_time t = sc_core::SC_ZERO_TIME;
        tlm_response_status s = xfer(tlm::TLM_WRITE_COMMAND, addr, b, 4, t);
        if (delay)
            *delay = t;
        return s;
    }
    uint32_t rd_ok(uint64_t addr)
    {
        uint32_t v = 0xDEADBEEF;
        CHECK(rd(addr, v) == tlm::TLM_OK_RESPONSE);
        return v;
    }
    unsigned dbg(tlm::tlm_command cmd, uint64_t addr, unsigned char *data, unsigned len)
    {
        tlm::tlm_generic_payload tx;
        tx.set_command(cmd);
        tx.set_address(addr);
        tx.set_data_ptr(data);
        tx.set_data_length(len);
        tx.set_streaming_width(len);
        return socket->transport_dbg(tx);
    }

    void test_ids()
    {
        CHECK(rd_ok(ID) == ID_VALUE);
        CHECK(rd_ok(VERSION) == VERSION_VALUE);
        CHECK(rd_ok(RAM_WORDS) == TEST_RAM_WORDS);
        CHECK(rd_ok(MAX_LANES) == FIU_MAX_LANES);
        for (uint32_t ro : {uint32_t(ID), uint32_t(VERSION), uint32_t(RAM_WORDS), uint32_t(MAX_LANES),
                            uint32_t(ERR_ADDR), uint32_t(RSP_SEQ), uint32_t(RSP_STATUS), uint32_t(RSP_KILL_HI),
                            uint32_t(RSP_RESULT), uint32_t(RSP_RESULT + 4 * 63)})
            CHECK(wr(ro, 0) == tlm::TLM_COMMAND_ERROR_RESPONSE);
        CHECK(rd_ok(ID) == ID_VALUE);
        CHECK(rd_ok(RAM_WORDS) == TEST_RAM_WORDS);
        CHECK(rd_ok(ERR_STATUS) == 0); // command errors are not value refusals
    }

    void test_state_regs()
    {
        fiu_state ref;
        CHECK(fiu_state_init(&ref, TEST_RAM_WORDS));
        // reset values = fiu_state_init
        CHECK(same_state(target_.state(), ref, true));
        CHECK(rd_ok(ALPHA) == FIU_ALPHA_ALWAYS);
        CHECK(rd_ok(MODE) == 1);
        CHECK(rd_ok(SAMPLE_COUNT) == 1);
        CHECK(rd_ok(SAMPLE_POS) == 0x88);
        for (unsigned i = 0; i < FIU_MAX_SAMPLES; i++)
            CHECK(rd_ok(SAMPLE_PRIO + 4 * i) == ref.samples.priority[i]);

        CHECK(wr(ALPHA, FIU_ALPHA_LESS | FIU_AFMT_UNORM8 << 3) == tlm::TLM_OK_RESPONSE);
        CHECK(wr(ALPHA_REF, 0x3F000000) == tlm::TLM_OK_RESPONSE);
        CHECK(wr(MODE, 2) == tlm::TLM_OK_RESPONSE);
        CHECK(wr(MAP + 4 * 5, 1u << 10 | FIU_INTERP_LINEAR << 8 | 7) == tlm::TLM_OK_RESPONSE);
        CHECK(wr(MAP + 4 * 255, FIU_INTERP_PERSPECTIVE << 8 | 200) == tlm::TLM_OK_RESPONSE);
        CHECK(rd_ok(ALPHA) == (FIU_ALPHA_LESS | FIU_AFMT_UNORM8 << 3));
        CHECK(rd_ok(ALPHA_REF) == 0x3F000000);
        CHECK(rd_ok(MODE) == 2);
        CHECK(rd_ok(MAP + 4 * 5) == (1u << 10 | FIU_INTERP_LINEAR << 8 | 7));
        CHECK(rd_ok(MAP + 4 * 255) == (FIU_INTERP_PERSPECTIVE << 8 | 200));
        fiu_state_alpha_write(&ref, FIU_ALPHA_LESS, FIU_AFMT_UNORM8, 0x3F000000);
        fiu_state_mode_write(&ref, false, true);
        fiu_state_map_write(&ref, 5, true, 7, FIU_INTERP_LINEAR);
        fiu_state_map_write(&ref, 255, false, 200, FIU_INTERP_PERSPECTIVE);

        // a 4-sample table with its own centroid order, written register by register
        const uint8_t x[4] = {1, 15, 6, 10}, y[4] = {2, 3, 14, 9}, prio[4] = {3, 0, 2, 1};
        CHECK(wr(SAMPLE_COUNT, 4) == tlm::TLM_OK_RESPONSE);
        for (unsigned i = 0; i < 4; i++) {
            CHECK(wr(SAMPLE_POS + 4 * i, x[i] | y[i] << 4) == tlm::TLM_OK_RESPONSE);
            CHECK(wr(SAMPLE_PRIO + 4 * i, prio[i]) == tlm::TLM_OK_RESPONSE);
        }
        for (unsigned i = 0; i < 4; i++) {
            CHECK(rd_ok(SAMPLE_POS + 4 * i) == uint32_t(x[i] | y[i] << 4));
            CHECK(rd_ok(SAMPLE_PRIO + 4 * i) == prio[i]);
        }
        CHECK(rd_ok(SAMPLE_COUNT) == 4);
        CHECK(fiu_state_samples_write(&ref, 4, x, y, prio));
        CHECK(same_state(target_.state(), ref, true));
        CHECK(rd_ok(ERR_STATUS) == 0);
        fiu_state_free(&ref);
    }

    void test_ram()
    {
        const uint64_t last = RAM_BASE + 4ull * (TEST_RAM_WORDS - 1);
        CHECK(wr(RAM_BASE, 0x3F800000) == tlm::TLM_OK_RESPONSE);
        CHECK(wr(last, 0x12345678) == tlm::TLM_OK_RESPONSE);
        CHECK(rd_ok(RAM_BASE) == 0x3F800000);
        CHECK(rd_ok(last) == 0x12345678);
        CHECK(target_.state().ram[0] == 0x3F800000);
        CHECK(target_.state().ram[TEST_RAM_WORDS - 1] == 0x12345678);
        uint32_t v;
        CHECK(rd(last + 4, v) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        CHECK(wr(last + 4, 1) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        // little-endian byte order on the bus
        unsigned char b[4];
        sc_time t = sc_core::SC_ZERO_TIME;
        CHECK(xfer(tlm::TLM_READ_COMMAND, last, b, 4, t) == tlm::TLM_OK_RESPONSE);
        CHECK(b[0] == 0x78 && b[1] == 0x56 && b[2] == 0x34 && b[3] == 0x12);
    }

    void test_address_errors()
    {
        uint32_t v;
        for (uint64_t a : {uint64_t(0x0022), uint64_t(0x0018), uint64_t(0x0030), uint64_t(0x00C0),
                           uint64_t(0x0800), uint64_t(0x1020), uint64_t(0x17FC), uint64_t(0x2020),
                           uint64_t(0x2200), uint64_t(0x8000), uint64_t(RAM_BASE + 2), uint64_t(1) << 40}) {
            CHECK(rd(a, v) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
            CHECK(wr(a, 0) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        }
        // edges of the arrays are mapped
        CHECK(rd(SAMPLE_PRIO + 4 * 15, v) == tlm::TLM_OK_RESPONSE);
        CHECK(rd(MAP + 4 * 255, v) == tlm::TLM_OK_RESPONSE);
        CHECK(rd(LANE_BASE + FIU_MAX_LANES * LANE_STRIDE - 4, v) == tlm::TLM_OK_RESPONSE);
        CHECK(rd(RSP_RESULT + 4 * 63, v) == tlm::TLM_OK_RESPONSE);
    }

    void test_length_and_byte_enables()
    {
        unsigned char b[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        sc_time t = sc_core::SC_ZERO_TIME;
        const uint64_t a = RAM_BASE + 16;
        CHECK(wr(a, 0xAABBCCDD) == tlm::TLM_OK_RESPONSE);
        CHECK(xfer(tlm::TLM_WRITE_COMMAND, a, b, 8, t) == tlm::TLM_BURST_ERROR_RESPONSE);
        CHECK(xfer(tlm::TLM_READ_COMMAND, a, b, 8, t) == tlm::TLM_BURST_ERROR_RESPONSE);
        CHECK(xfer(tlm::TLM_WRITE_COMMAND, a, b, 2, t) == tlm::TLM_BURST_ERROR_RESPONSE);
        CHECK(xfer(tlm::TLM_WRITE_COMMAND, a, b, 0, t) == tlm::TLM_BURST_ERROR_RESPONSE);
        CHECK(xfer(tlm::TLM_WRITE_COMMAND, a, b, 4, t, nullptr, 0, 2) == tlm::TLM_BURST_ERROR_RESPONSE);
        CHECK(rd_ok(a) == 0xAABBCCDD);
        unsigned char partial[4] = {0xFF, 0x00, 0xFF, 0xFF};
        CHECK(xfer(tlm::TLM_WRITE_COMMAND, a, b, 4, t, partial, 4) == tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
        CHECK(xfer(tlm::TLM_READ_COMMAND, a, b, 4, t, partial, 4) == tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
        CHECK(rd_ok(a) == 0xAABBCCDD);
        unsigned char all[4] = {0xFF, 0xFF, 0xFF, 0xFF}, one[1] = {0xFF};
        CHECK(xfer(tlm::TLM_WRITE_COMMAND, a, b, 4, t, all, 4) == tlm::TLM_OK_RESPONSE);
        CHECK(rd_ok(a) == 0x04030201);
        CHECK(xfer(tlm::TLM_WRITE_COMMAND, a, b + 4, 4, t, one, 1) == tlm::TLM_OK_RESPONSE);
        CHECK(rd_ok(a) == 0x08070605);
        CHECK(xfer(tlm::TLM_IGNORE_COMMAND, a, b, 4, t) == tlm::TLM_OK_RESPONSE);
        CHECK(xfer(tlm::TLM_IGNORE_COMMAND, 0x30, b, 4, t) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
    }

    void test_bad_values(fiu_state &ref)
    {
        const uint32_t map7 = rd_ok(MAP + 4 * 7);
        CHECK(wr(MAP + 4 * 7, 1u << 10 | 3u << 8 | 1) == tlm::TLM_GENERIC_ERROR_RESPONSE); // interp 3
        CHECK(rd_ok(MAP + 4 * 7) == map7);
        CHECK(rd_ok(ERR_STATUS) == 1);
        CHECK(rd_ok(ERR_ADDR) == MAP + 4 * 7);
        CHECK(wr(ERR_STATUS, 2) == tlm::TLM_GENERIC_ERROR_RESPONSE);
        CHECK(rd_ok(ERR_ADDR) == ERR_STATUS);
        CHECK(wr(ERR_STATUS, 1) == tlm::TLM_OK_RESPONSE); // write 1 to clear
        CHECK(rd_ok(ERR_STATUS) == 0);

        struct bad { uint32_t off, data; } cases[] = {
            {MAP + 4 * 7, 1u << 11},         {ALPHA, 1u << 5},         {MODE, 4},
            {SAMPLE_COUNT, 32},              {SAMPLE_POS + 4, 0x100},  {SAMPLE_PRIO + 8, 0x10},
            {REQ_LANES, 0},                  {REQ_LANES, 65},          {REQ_OP, 1u << 24},
            {REQ_FLAGS, 1u << 6},            {REQ_IMM, 0x10000},       {REQ_MISC, 1u << 24},
            {LANE_BASE + LANE_CTRL, 1u << 3}, {DOORBELL, 0},           {DOORBELL, 2},
        };
        const uint32_t seq = target_.sequence();
        for (const bad &c : cases) {
            const uint32_t before = rd_ok(c.off);
            CHECK(wr(c.off, c.data) == tlm::TLM_GENERIC_ERROR_RESPONSE);
            CHECK(rd_ok(c.off) == before);
            CHECK(rd_ok(ERR_STATUS) == 1 && rd_ok(ERR_ADDR) == c.off);
            CHECK(wr(ERR_STATUS, 1) == tlm::TLM_OK_RESPONSE);
        }
        CHECK(target_.sequence() == seq);
        CHECK(same_state(target_.state(), ref, true));

        // counts 0, 3, 17 are stored as in the C model; a table lookup then reports SAMPLE_COUNT.
        // The position/priority registers keep their values (the register image written last).
        uint8_t sx[FIU_MAX_SAMPLES], sy[FIU_MAX_SAMPLES], sp[FIU_MAX_SAMPLES];
        for (unsigned i = 0; i < FIU_MAX_SAMPLES; i++) {
            const uint32_t pos = rd_ok(SAMPLE_POS + 4 * i);
            sx[i] = pos & 0xF;
            sy[i] = pos >> 4 & 0xF;
            sp[i] = static_cast<uint8_t>(rd_ok(SAMPLE_PRIO + 4 * i));
            CHECK(i >= ref.samples.count ||
                  (sx[i] == ref.samples.x[i] && sy[i] == ref.samples.y[i] && sp[i] == ref.samples.priority[i]));
        }
        for (uint32_t count : {0u, 3u, 17u}) {
            CHECK(wr(SAMPLE_COUNT, count) == tlm::TLM_OK_RESPONSE);
            CHECK(rd_ok(SAMPLE_COUNT) == count);
            CHECK(rd_ok(ERR_STATUS) == 0);
            fiu_request rq;
            std::memset(&rq, 0, sizeof rq);
            rq.op = FIU_OP_IPA;
            rq.loc = FIU_LOC_SAMPLE;
            rq.lanes = 2;
            rq.lane[0].active = rq.lane[0].guard = true;
            fiu_response got, want;
            uint32_t s = 0;
            CHECK(drv_.submit(rq) && drv_.response(got, s));
            CHECK(got.status == FIU_ST_SAMPLE_COUNT);
            CHECK(fiu_state_samples_write(&ref, count, sx, sy, sp));
            fiu_execute(&ref, &rq, &want);
            CHECK(fiu_vec_compare(&want, &got) == 0);
        }
        CHECK(same_state(target_.state(), ref, true));
    }

    void test_debug()
    {
        unsigned char w[16], r[16];
        for (unsigned i = 0; i < 16; i++)
            w[i] = static_cast<unsigned char>(0x10 + i);
        const uint64_t a = RAM_BASE + 4 * 100;
        CHECK(dbg(tlm::TLM_WRITE_COMMAND, a, w, 16) == 16);
        CHECK(dbg(tlm::TLM_READ_COMMAND, a, r, 16) == 16);
        CHECK(!std::memcmp(w, r, 16));
        CHECK(target_.state().ram[101] == 0x17161514);
        CHECK(rd_ok(a + 12) == 0x1F1E1D1C);
        // stops at the end of the RAM
        const uint64_t end = RAM_BASE + 4ull * TEST_RAM_WORDS;
        CHECK(dbg(tlm::TLM_READ_COMMAND, end - 8, r, 16) == 8);
        CHECK(dbg(tlm::TLM_READ_COMMAND, a + 1, r, 4) == 0);
        CHECK(dbg(tlm::TLM_READ_COMMAND, a, r, 6) == 0);
        // registers: reads of several, no doorbell, no error recording
        CHECK(dbg(tlm::TLM_READ_COMMAND, ID, r, 16) == 16);
        CHECK(r[0] == 0x54 && r[3] == 0x46 && r[8] == uint8_t(TEST_RAM_WORDS) && r[12] == FIU_MAX_LANES);
        const uint32_t seq = target_.sequence();
        unsigned char one[4] = {1, 0, 0, 0};
        CHECK(dbg(tlm::TLM_WRITE_COMMAND, DOORBELL, one, 4) == 0);
        CHECK(target_.sequence() == seq);
        CHECK(rd_ok(RSP_SEQ) == seq);
        unsigned char interp3[4] = {0, 3, 0, 0};
        CHECK(dbg(tlm::TLM_WRITE_COMMAND, MAP + 4 * 9, interp3, 4) == 0);
        CHECK(rd_ok(ERR_STATUS) == 0);
        unsigned char alpha[4] = {FIU_ALPHA_GEQUAL, 0, 0, 0};
        CHECK(dbg(tlm::TLM_WRITE_COMMAND, ALPHA, alpha, 4) == 4);
        CHECK(target_.state().alpha_func == FIU_ALPHA_GEQUAL);
        CHECK(dbg(tlm::TLM_READ_COMMAND, 0x30, r, 4) == 0);
    }

    void test_timing()
    {
        sc_time d;
        CHECK(wr(ALPHA_REF, 0, &d) == tlm::TLM_OK_RESPONSE);
        CHECK(d == sc_time(10, SC_NS));
        CHECK(wr(0x30, 0, &d) == tlm::TLM_ADDRESS_ERROR_RESPONSE);
        CHECK(d == sc_time(10, SC_NS));
        for (uint32_t lanes : {1u, 64u}) {
            CHECK(wr(REQ_LANES, lanes) == tlm::TLM_OK_RESPONSE);
            CHECK(wr(DOORBELL, 1, &d) == tlm::TLM_OK_RESPONSE);
            CHECK(d == sc_time(10 + 60 + lanes, SC_NS));
        }
        CHECK(sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME); // the target never waits
    }

    // Generated streams through the map against fiu_execute on ref. Returns requests compared.
    unsigned test_oracle(fiu_state &ref, uint64_t seed, uint32_t lanes, uint32_t count)
    {
        fiu_gen_config cfg = {};
        cfg.seed = seed;
        cfg.count = count;
        cfg.lanes = lanes;
        cfg.ram_words = TEST_RAM_WORDS;
        std::vector<fiu_vrec> recs;
        CHECK(fiu_gen_run(&cfg, collect, &recs));
        // start from reset state on both sides: fresh ref, every register written
        fiu_state_free(&ref);
        CHECK(fiu_state_init(&ref, TEST_RAM_WORDS));
        CHECK(drv_.state_all(ref, true));
        CHECK(same_state(target_.state(), ref, true));
        unsigned compared = 0, bad = 0;
        for (const fiu_vrec &rec : recs) {
            if (rec.kind == FIU_VREC_RAMSIZE) {
                CHECK(rec.u.ramsize == TEST_RAM_WORDS);
            } else if (rec.kind != FIU_VREC_REQUEST) {
                CHECK(fiu_vec_apply(&ref, &rec));
                CHECK(drv_.state_record(ref, rec));
                CHECK(same_state(target_.state(), ref, false));
            } else {
                const uint32_t seq = target_.sequence();
                fiu_response want, got;
                uint32_t s = 0;
                std::memset(&want, 0, sizeof want);
                fiu_execute(&ref, &rec.u.req.rq, &want);
                CHECK(drv_.submit(rec.u.req.rq) && drv_.response(got, s));
                CHECK(s == seq + 1);
                CHECK(got.lanes == rec.u.req.rq.lanes);
                if (fiu_vec_compare(&want, &got) != 0) {
                    if (bad++ < 3)
                        fiu_vec_report_mismatch(stderr, &rec.u.req.rq, &want, &got, 8);
                }
                compared++;
            }
        }
        CHECK(bad == 0);
        CHECK(same_state(target_.state(), ref, true));
        return compared;
    }

    void run()
    {
        test_ids();
        test_state_regs();
        test_ram();
        test_address_errors();
        test_length_and_byte_enables();
        test_debug();
        test_timing();
        fiu_state ref;
        CHECK(fiu_state_init(&ref, TEST_RAM_WORDS));
        unsigned requests = 0;
        const struct { uint64_t seed; uint32_t lanes; } runs[] = {{3, 1}, {4, 7}, {5, 64}, {6, 0}};
        for (const auto &r : runs)
            requests += test_oracle(ref, r.seed, r.lanes, 300);
        CHECK(requests == 4 * 300);
        test_bad_values(ref); // ref holds the state the last stream left
        fiu_state_free(&ref);
    }

    const fiu_tlm_target &target_;
    fiu_tlm_driver drv_;
};

} // namespace

int sc_main(int, char *[])
{
    fiu_tlm_target target("fiu", TEST_RAM_WORDS);
    tester t("tester", target);
    t.socket.bind(target.socket);
    sc_core::sc_start();
    std::printf("tlm_target_test: %u checks, %u failures %s\n", t.checks, t.failures, t.failures ? "FAIL" : "PASS");
    return t.failures ? 1 : 0;
}
