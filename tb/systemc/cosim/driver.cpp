#include "driver.h"

#include "cfg_writes.h"

namespace {
enum { DRAIN_TIMEOUT = 10000 }; // cycles the last responses may take
}

fiu_sc_driver::fiu_sc_driver(sc_core::sc_module_name name, fiu_vreader *reader, unsigned lanes, unsigned ram_words,
                             const fiu_sc_scoreboard &scoreboard, fiu_sc_verdict &verdict)
    : sc_module(name), clk("clk"), to_model("to_model"), to_rtl("to_rtl"), reader_(reader), lanes_(lanes),
      ram_words_(ram_words), scoreboard_(scoreboard), verdict_(verdict)
{
    SC_HAS_PROCESS(fiu_sc_driver);
    SC_THREAD(run);
    sensitive << clk.pos();
}

void fiu_sc_driver::fail(const fiu_vrec &rec, const std::string &why)
{
    verdict_.fail(FIU_SC_EXIT_FAIL, std::string(fiu_vreader_name(reader_)) + ":" + std::to_string(rec.line) + ": " + why);
}

void fiu_sc_driver::run()
{
    for (;;) {
        auto rec = std::make_shared<fiu_vrec>();
        int k = fiu_vreader_next(reader_, rec.get());
        if (k < 0) {
            verdict_.fail(FIU_SC_EXIT_USAGE, fiu_vreader_error(reader_)); // "file:line: reason"
            return;
        }
        if (k == 0)
            break;
        fiu_sc_stim s;
        if (rec->kind == FIU_VREC_RAMSIZE && rec->u.ramsize != ram_words_) {
            fail(*rec, "ramsize " + std::to_string(rec->u.ramsize) + " differs from the RTL's RAM_WORDS " +
                           std::to_string(ram_words_));
            return;
        }
        if (rec->kind == FIU_VREC_REQUEST) {
            if (const char *why = fiu_rtl_request_misfit(&rec->u.req.rq, lanes_)) {
                fail(*rec, "request " + std::to_string(requests_) + ": " + why);
                return;
            }
            s.index = requests_++;
            s.tag = static_cast<uint16_t>(s.index); // the RTL's 16-bit tag wraps
        }
        s.rec = rec;
        to_model.write(s);
        to_rtl.write(s);
    }
    for (unsigned n = 0; scoreboard_.responses() < requests_; n++) {
        if (n > DRAIN_TIMEOUT) {
            verdict_.fail(FIU_SC_EXIT_FAIL, "responses lost: " + std::to_string(requests_ - scoreboard_.responses()) +
                                                " outstanding after " + std::to_string(DRAIN_TIMEOUT) + " cycles");
            return;
        }
        wait();
    }
    complete_ = true;
    sc_core::sc_stop();
}
