// fiu_tlm_run: runs a vector file (docs/vectors.md) through the fiu TLM-2.0 target using
// bus transactions only, and checks every response against the file's expectations.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include "args.h"
#include "fiu_tlm_driver.h"
#include "fiu_tlm_target.h"

namespace {

constexpr unsigned MAX_REPORTS = 10; // mismatch reports printed in full

const char *USAGE =
    "usage: fiu_tlm_run --vectors FILE [--quantum NS] [--quiet]\n"
    "\n"
    "Runs a fiu vector file through the TLM-2.0 target (state records become register writes,\n"
    "requests descriptor writes and a doorbell, responses are read back over the bus) and\n"
    "checks every response against the file's expect blocks. The target's RAM size is the\n"
    "file's ramsize (checked against the RAM_WORDS register).\n"
    "\n"
    "  --vectors FILE  vector file (\"-\" = stdin)\n"
    "  --quantum NS    global quantum of the quantum keeper, default 1000\n"
    "  --quiet         only the summary line on stdout (SystemC's banner goes to stderr)\n"
    "\n"
    "Exit status: 0 pass, 1 mismatch or bus error, 2 usage or malformed input.\n";

class fiu_tlm_runner : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<fiu_tlm_runner> socket;

    int exit_code = 0;
    std::string verdict = "PASS";
    unsigned long requests = 0, lane_checks = 0, transactions = 0;

    SC_HAS_PROCESS(fiu_tlm_runner);
    fiu_tlm_runner(sc_core::sc_module_name name, fiu_vreader *reader, uint32_t ram_words)
        : sc_module(name), socket("socket"), reader_(reader), ram_words_(ram_words),
          driver_([this](bool w, uint64_t off, uint32_t &d) { return bus(w, off, d); })
    {
        SC_THREAD(run);
        set_stack_size(0x100000); // vector records and requests live on the thread stack
    }
    ~fiu_tlm_runner() override
    {
        if (shadow_ok_)
            fiu_state_free(&shadow_);
    }

private:
    // One 32-bit transaction; the first error response makes the run fail.
    bool bus(bool write, uint64_t off, uint32_t &data)
    {
        unsigned char buf[4];
        fiu_tlm::put_le32(buf, data);
        tlm::tlm_generic_payload tx;
        tx.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
        tx.set_address(off);
        tx.set_data_ptr(buf);
        tx.set_data_length(4);
        tx.set_streaming_width(4);
        tx.set_byte_enable_ptr(nullptr);
        tx.set_dmi_allowed(false);
        tx.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_core::sc_time delay = qk_.get_local_time();
        socket->b_transport(tx, delay);
        qk_.set(delay);
        if (qk_.need_sync())
            qk_.sync();
        transactions++;
        if (tx.is_response_error()) {
            char msg[160];
            std::snprintf(msg, sizeof msg, "FAIL: bus error: %s 0x%llx -> %s", write ? "write" : "read",
                          static_cast<unsigned long long>(off), tx.get_response_string().c_str());
            fail(1, msg);
            return false;
        }
        if (!write)
            data = fiu_tlm::get_le32(buf);
        return true;
    }

    void fail(int code, const std::string &why)
    {
        if (exit_code == 0) {
            exit_code = code;
            verdict = why;
        }
    }

    bool check_target()
    {
        uint32_t id = 0, words = 0;
        if (!driver_.read(fiu_tlm::ID, id) || !driver_.read(fiu_tlm::RAM_WORDS, words))
            return false;
        if (id != fiu_tlm::ID_VALUE) {
            fail(1, "FAIL: ID register does not read FIUT");
            return false;
        }
        if (words != ram_words_) {
            fail(1, "FAIL: target RAM_WORDS " + std::to_string(words) + " != file ramsize " +
                        std::to_string(ram_words_));
            return false;
        }
        return true;
    }

    void request(const fiu_vrec &rec)
    {
        const fiu_request &rq = rec.u.req.rq;
        fiu_response got;
        uint32_t seq = 0;
        if (!driver_.submit(rq) || !driver_.response(got, seq))
            return;
        requests++;
        if (seq != static_cast<uint32_t>(requests)) {
            fail(1, "FAIL: RSP_SEQ " + std::to_string(seq) + " after request " + std::to_string(requests));
            return;
        }
        if (!rec.u.req.has_expect)
            return;
        lane_checks += rq.lanes;
        if (fiu_vec_compare(&rec.u.req.expect, &got) == 0)
            return;
        if (mismatches_++ < MAX_REPORTS) {
            std::fprintf(stderr, "%s:%lu: request %lu: response mismatch\n", fiu_vreader_name(reader_), rec.line,
                         requests);
            fiu_vec_report_mismatch(stderr, &rq, &rec.u.req.expect, &got, 8);
        }
    }

    void run()
    {
        qk_.reset();
        shadow_ok_ = fiu_state_init(&shadow_, ram_words_);
        if (!shadow_ok_) {
            fail(1, "FAIL: out of memory");
            return;
        }
        if (!check_target())
            return;
        fiu_vrec rec;
        int r;
        while (exit_code == 0 && (r = fiu_vreader_next(reader_, &rec)) != 0) {
            if (r < 0) {
                std::fprintf(stderr, "%s\n", fiu_vreader_error(reader_));
                fail(2, "FAIL: malformed vector file");
            } else if (rec.kind == FIU_VREC_REQUEST) {
                request(rec);
            } else if (rec.kind == FIU_VREC_RAMSIZE || !fiu_vec_apply(&shadow_, &rec)) {
                // register image for fiu_cfg_record; the reader validates values, so unexpected
                std::fprintf(stderr, "%s:%lu: state record refused by the model\n", fiu_vreader_name(reader_),
                             rec.line);
                fail(2, "FAIL: malformed vector file");
            } else {
                driver_.state_record(shadow_, rec);
            }
        }
        qk_.sync();
        if (exit_code == 0 && requests == 0) {
            std::fprintf(stderr, "%s: no requests: nothing to run\n", fiu_vreader_name(reader_));
            fail(2, "FAIL: no requests");
        }
        if (exit_code == 0 && mismatches_)
            fail(1, "FAIL: " + std::to_string(mismatches_) + " mismatching requests");
    }

    fiu_vreader *reader_;
    uint32_t ram_words_;
    fiu_tlm_driver driver_;
    tlm_utils::tlm_quantumkeeper qk_;
    fiu_state shadow_; // register image: the state the writes so far have programmed
    bool shadow_ok_ = false;
    unsigned long mismatches_ = 0;
};

int usage_error(const std::string &msg)
{
    std::fprintf(stderr, "fiu_tlm_run: %s (see --help)\n", msg.c_str());
    return 2;
}

} // namespace

int sc_main(int argc, char *argv[])
{
    const char *vectors = nullptr;
    unsigned long quantum_ns = 1000;
    bool quiet = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            std::fputs(USAGE, stdout);
            return 0;
        } else if (a == "--quiet") {
            quiet = true;
        } else if (a == "--vectors" || a == "--quantum") {
            if (i + 1 >= argc)
                return usage_error(a + " needs a value");
            if (a == "--vectors")
                vectors = argv[++i];
            else {
                uint64_t ns;
                if (!fiu_arg_u64("fiu_tlm_run", "--quantum", argv[++i], 0, 1000000000, &ns))
                    return 2;
                quantum_ns = static_cast<unsigned long>(ns);
            }
        } else {
            return usage_error("unknown argument '" + a + "'");
        }
    }
    if (!vectors)
        return usage_error("--vectors FILE is required");

    fiu_vreader *reader = fiu_vreader_open(vectors);
    if (!reader) {
        std::fprintf(stderr, "fiu_tlm_run: %s: %s\n", vectors, std::strerror(errno));
        return 2;
    }
    fiu_vrec first;
    if (fiu_vreader_next(reader, &first) != 1 || first.kind != FIU_VREC_RAMSIZE) {
        std::fprintf(stderr, "%s\n", fiu_vreader_error(reader));
        std::printf("fiu_tlm_run: requests=0 lane_checks=0 transactions=0 sim_time=0 s FAIL: malformed vector file\n");
        fiu_vreader_close(reader);
        return 2;
    }

    tlm::tlm_global_quantum::instance().set(sc_core::sc_time(static_cast<double>(quantum_ns), sc_core::SC_NS));
    fiu_tlm_target target("fiu", first.u.ramsize);
    fiu_tlm_runner runner("runner", reader, first.u.ramsize);
    runner.socket.bind(target.socket);
    if (!quiet)
        std::printf("fiu_tlm_run: %s: ramsize=0x%x quantum=%lu ns\n", vectors, first.u.ramsize, quantum_ns);
    sc_core::sc_start();

    std::printf("fiu_tlm_run: requests=%lu lane_checks=%lu transactions=%lu sim_time=%s %s\n", runner.requests,
                runner.lane_checks, runner.transactions, sc_core::sc_time_stamp().to_string().c_str(),
                runner.verdict.c_str());
    fiu_vreader_close(reader);
    return runner.exit_code;
}
