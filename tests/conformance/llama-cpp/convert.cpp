// llama.cpp's own JSON Schema to grammar converter, the one its server runs, called on schemas:
// `json_schema_to_grammar` from the prebuilt `libllama-common` of @node-llama-cpp/linux-x64, built
// against the headers of the same llama.cpp (the source node-llama-cpp ships as a git bundle).
//
// Reads one JSON schema a line on standard input; writes one JSON line for each:
// {"grammar": GBNF, "warnings": [text]} or {"error": text}. The converter refuses by throwing and
// tells what it could not convert ("JSON schema conversion was incomplete: …", a pattern it reads
// as any string) only on standard error, which is caught here for each schema.
#include "json-schema-to-grammar.h"

#include <cstdio>
#include <iostream>
#include <string>
#include <unistd.h>

static std::string quoted(const std::string & text) {
    return common_json(text).dump();
}

// What `call` writes to file descriptor 2, and its result.
template <typename F> static std::string caught_stderr(F call) {
    fflush(stderr);
    FILE * capture = tmpfile();
    int saved = dup(2);
    dup2(fileno(capture), 2);
    call();
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    std::string text;
    rewind(capture);
    char buffer[4096];
    size_t read;
    while ((read = fread(buffer, 1, sizeof buffer, capture)) > 0) {
        text.append(buffer, read);
    }
    fclose(capture);
    return text;
}

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        std::string grammar;
        std::string error;
        std::string said = caught_stderr([&] {
            try {
                grammar = json_schema_to_grammar(common_json::parse(line), true);
            } catch (const std::exception & err) {
                error = err.what();
            }
        });
        if (!error.empty()) {
            std::cout << "{\"error\":" << quoted(error) << "}\n";
            continue;
        }
        std::string warnings = "[";
        size_t start = 0;
        while (start < said.size()) {
            size_t end = said.find('\n', start);
            if (end == std::string::npos) end = said.size();
            std::string one = said.substr(start, end - start);
            if (!one.empty()) {
                warnings += (warnings.size() > 1 ? "," : "") + quoted(one);
            }
            start = end + 1;
        }
        std::cout << "{\"grammar\":" << quoted(grammar) << ",\"warnings\":" << warnings << "]}\n";
    }
    return 0;
}
