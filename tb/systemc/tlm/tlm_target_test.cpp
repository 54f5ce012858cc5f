int sc_main(int, char**){return 0;}
#include <systemc>
