/* fiu-model's entry point; the CLI itself is cmodel/fiu_model.c. */
#include "fiu_model.h"

int main(int argc, char **argv) { return fiu_model_main(argc, argv); }
