// A libFuzzer stand-in that any compiler builds, so a fuzz target runs in every CTest run: it
// feeds the target each file of a seed corpus, then a fixed-seed run of mutations of those seeds.
// The same seed gives the same inputs on every machine, so a failure here reproduces. When the
// target crashes, aborts on a broken property or a sanitizer stops it, the input is written to
// CRASH_FILE, to be kept as a seed and replayed under libFuzzer.
//
//   fuzz_<name>_replay CORPUS_DIR [MUTATIONS] [CRASH_FILE]
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

using Input = std::vector<uint8_t>;

// What the crash handler needs, set up before any input runs.
std::string crashFile = "fuzz-crash.bin";
const uint8_t *currentData = nullptr;
size_t currentSize = 0;

// Only async-signal-safe calls: it runs in a signal handler or as a sanitizer dies.
void saveCurrentInput()
{
    if (!currentData)
        return;
    const int fd = ::open(crashFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return;
    for (size_t written = 0; written < currentSize;) {
        const ssize_t n = ::write(fd, currentData + written, currentSize - written);
        if (n <= 0)
            break;
        written += size_t(n);
    }
    ::close(fd);
    static const char note[] = "fuzz replay: the failing input is in the crash file\n";
    [[maybe_unused]] const ssize_t ignored = ::write(STDERR_FILENO, note, sizeof note - 1);
}

void onFatalSignal(int signal)
{
    saveCurrentInput();
    ::raise(signal); // SA_RESETHAND put the default action back: die as the signal says
}

// Present in ASan/UBSan builds (GCC's and Clang's), absent otherwise.
extern "C" void __sanitizer_set_death_callback(void (*callback)()) __attribute__((weak));

void saveInputOnCrash()
{
    struct sigaction action = {};
    action.sa_handler = onFatalSignal;
    action.sa_flags = SA_RESETHAND;
    for (int signal : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL})
        ::sigaction(signal, &action, nullptr);
    if (__sanitizer_set_death_callback)
        __sanitizer_set_death_callback(saveCurrentInput);
}

std::vector<Input> readCorpus(const std::filesystem::path &directory)
{
    std::vector<std::filesystem::path> files;
    for (const auto &entry : std::filesystem::directory_iterator(directory)) {
        if (entry.is_regular_file())
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end()); // directory order differs between file systems
    std::vector<Input> corpus;
    for (const auto &file : files) {
        std::ifstream in(file, std::ios::binary);
        corpus.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    return corpus;
}

void run(const Input &input)
{
    currentData = input.data();
    currentSize = input.size();
    LLVMFuzzerTestOneInput(input.data(), input.size());
}

// Mutations in the spirit of libFuzzer's, plus one that knows PDUs start with a big-endian
// length: most random edits would otherwise stop at the length check and never reach a body.
class Mutator
{
public:
    explicit Mutator(const std::vector<Input> &corpus) : m_corpus(corpus) {}

    Input next()
    {
        Input input = pick();
        const int edits = 1 + int(below(4));
        for (int i = 0; i < edits; ++i)
            mutate(input);
        if (below(4) != 0)
            setLength(input, input.size());
        return input;
    }

private:
    uint64_t below(uint64_t bound) { return bound == 0 ? 0 : m_random() % bound; }
    const Input &pick() { return m_corpus[below(m_corpus.size())]; }

    void setLength(Input &input, uint64_t length)
    {
        for (size_t i = 0; i < 4 && i < input.size(); ++i)
            input[i] = uint8_t(length >> (24 - 8 * i));
    }

    void mutate(Input &input)
    {
        static const uint8_t interesting[] = {0x00, 0x01, 0x7F, 0x80, 0xFF, 0x1B, 0x40, 0x05, 0x08, 0x10};
        const size_t at = input.empty() ? 0 : size_t(below(input.size()));
        switch (below(9)) {
        case 0: // flip a bit
            if (!input.empty())
                input[at] ^= uint8_t(1u << below(8));
            break;
        case 1: // an interesting octet
            if (!input.empty())
                input[at] = interesting[below(std::size(interesting))];
            break;
        case 2: // cut the end off
            input.resize(size_t(below(input.size() + 1)));
            break;
        case 3: // cut something out of the middle
            if (!input.empty())
                input.erase(input.begin() + at, input.begin() + at + size_t(below(input.size() - at + 1)));
            break;
        case 4: // insert random octets
            for (uint64_t n = 1 + below(8); n > 0; --n)
                input.insert(input.begin() + at, uint8_t(below(256)));
            break;
        case 5: // command_length off by a little or a lot
            setLength(input, below(2) ? input.size() + below(5) - 2 : below(0x20000));
            break;
        case 6: { // splice: our head, another seed's tail
            const Input &other = pick();
            const size_t from = size_t(below(other.size() + 1));
            input.resize(at);
            input.insert(input.end(), other.begin() + from, other.end());
            break;
        }
        case 7: { // repeat a stretch, as a PDU with a field or TLV too many
            if (input.empty())
                break;
            const size_t length = size_t(below(std::min<size_t>(input.size() - at, 32) + 1));
            const Input stretch(input.begin() + at, input.begin() + at + length);
            input.insert(input.begin() + at, stretch.begin(), stretch.end());
            break;
        }
        default: { // a whole other seed after this one: a stream of two PDUs
            const Input &other = pick();
            input.insert(input.end(), other.begin(), other.end());
            break;
        }
        }
    }

    const std::vector<Input> &m_corpus;
    std::mt19937_64 m_random{20240115};
};

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s CORPUS_DIR [MUTATIONS] [CRASH_FILE]\n", argv[0]);
        return 2;
    }
    const long mutations = argc > 2 ? std::strtol(argv[2], nullptr, 10) : 200000;
    if (argc > 3)
        crashFile = argv[3];
    const std::vector<Input> corpus = readCorpus(argv[1]);
    if (corpus.empty()) {
        std::fprintf(stderr, "%s: no seeds in %s\n", argv[0], argv[1]);
        return 2;
    }

    saveInputOnCrash();
    const auto start = std::chrono::steady_clock::now();
    for (const Input &seed : corpus)
        run(seed);
    Mutator mutator(corpus);
    for (long i = 0; i < mutations; ++i)
        run(mutator.next());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%zu seeds and %ld mutations in %.1f s: no property broken\n", corpus.size(), mutations, seconds);
    return 0;
}
