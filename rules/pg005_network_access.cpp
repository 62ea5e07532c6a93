#include "rules/catalogue.hpp"

#include <array>

#include "rules/utils/library_effects.hpp"
#include "rules/utils/name_table.hpp"
#include "rules/utils/untraced_method_call.hpp"

namespace pygate::rules {
namespace {

constexpr analyzer::RuleNumber k_rule = 5;
constexpr std::array<std::string_view, 2> k_cwe = {"CWE-918", "CWE-200"};

constexpr NameEntry k_uses_network_entries[] = {
    {"socket", "opens network connections"},
    {"socket.*", "opens network connections"},
    {"ssl", "opens encrypted network connections"},
    {"ssl.*", "opens encrypted network connections"},
    {"urllib.request", "fetches URLs"},
    {"urllib.request.*", "fetches URLs"},
    {"urllib.urlopen", "fetches URLs"},
    {"http.client", "makes HTTP requests"},
    {"http.client.*", "makes HTTP requests"},
    {"http.server", "serves HTTP"},
    {"http.server.*", "serves HTTP"},
    {"socketserver", "serves network connections"},
    {"socketserver.*", "serves network connections"},
    {"requests", "makes HTTP requests"},
    {"requests.*", "makes HTTP requests"},
    {"httpx", "makes HTTP requests"},
    {"httpx.*", "makes HTTP requests"},
    {"urllib3", "makes HTTP requests"},
    {"urllib3.*", "makes HTTP requests"},
    {"aiohttp", "makes HTTP requests"},
    {"aiohttp.*", "makes HTTP requests"},
    {"aiohttp.web", "serves HTTP"},
    {"aiohttp.web.*", "serves HTTP"},
    {"aiohttp.web_*", "serves HTTP"},
    {"aiohttp.UnixConnector", "connects to a local socket (a Docker or system daemon's), not the web"},
    {"aiohttp.NamedPipeConnector", "connects to a local pipe, not the web"},
    {"aiohttp.connector.UnixConnector", "connects to a local socket (a Docker or system daemon's), not the web"},
    {"ftplib", "opens FTP connections"},
    {"ftplib.*", "opens FTP connections"},
    {"smtplib", "sends mail"},
    {"smtplib.*", "sends mail"},
    {"poplib", "reads mail over the network"},
    {"poplib.*", "reads mail over the network"},
    {"imaplib", "reads mail over the network"},
    {"imaplib.*", "reads mail over the network"},
    {"nntplib", "opens news connections"},
    {"nntplib.*", "opens news connections"},
    {"telnetlib", "opens telnet connections"},
    {"telnetlib.*", "opens telnet connections"},
    {"xmlrpc", "makes remote procedure calls"},
    {"xmlrpc.*", "makes remote procedure calls"},
    {"websocket", "opens WebSocket connections"},
    {"websocket.*", "opens WebSocket connections"},
    {"websockets", "opens WebSocket connections"},
    {"websockets.*", "opens WebSocket connections"},
    {"grpc", "makes remote procedure calls"},
    {"grpc.*", "makes remote procedure calls"},
    {"paramiko", "opens SSH connections"},
    {"paramiko.*", "opens SSH connections"},
    {"webbrowser", "opens URLs in a browser"},
    {"webbrowser.*", "opens URLs in a browser"},
    {"asyncio.open_connection", "opens network connections"},
    {"seaborn.load_dataset", "downloads a data set from GitHub and caches it under ~/seaborn-data"},
    {"seaborn.*.load_dataset", "downloads a data set from GitHub and caches it under ~/seaborn-data"},
    {"seaborn.get_dataset_names", "downloads the list of data sets from GitHub"},
    {"seaborn.*.get_dataset_names", "downloads the list of data sets from GitHub"},
    {"seaborn.dogplot", "downloads an image from GitHub"},
    {"seaborn.*.dogplot", "downloads an image from GitHub"},
    {"scipy.datasets", "downloads data sets (pooch) and caches them on disk"},
    {"scipy.datasets.*", "downloads data sets (pooch) and caches them on disk"},
    {"numpy.DataSource", "opens URLs and downloads them to a folder"},
    {"numpy.*.DataSource", "opens URLs and downloads them to a folder"},
    {"numpy.lib._datasource.*", "opens URLs and downloads them to a folder"},
    {"pandas.*read_sql*", "connects to a database"},
    {"pandas.*.to_sql", "connects to a database"},
    {"pandas.*read_gbq", "queries Google BigQuery"},
    {"pandas.*.to_gbq", "writes to Google BigQuery"},
    {"matplotlib.backends.backend_webagg*", "serves figures over HTTP"},
    // Importable where python3-ipykernel is installed.
    {"matplotlib.backends.backend_nbagg*", "sends figures, HTML and JavaScript to a Jupyter frontend"},
    {"asyncio.start_server", "serves network connections"},
    {"asyncio.open_unix_connection", "opens socket connections"},
    {"asyncio.start_unix_server", "serves socket connections"},
    {"asyncio.streams.*", "opens network connections"},
    {"asyncio.*EventLoop.create_connection", "opens network connections"},
    {"asyncio.*EventLoop.create_server", "serves network connections"},
    {"asyncio.*EventLoop.create_datagram_endpoint", "opens network sockets"},
    {"asyncio.*EventLoop.create_unix_connection", "opens socket connections"},
    {"asyncio.*EventLoop.create_unix_server", "serves socket connections"},
    {"asyncio.*EventLoop.sock_*", "uses network sockets"},
    {"asyncio.*EventLoop.connect_accepted_socket", "uses network sockets"},
    // A name lookup is a query sent out: DNS carries data as well as any connection.
    {"asyncio.*EventLoop.getaddrinfo", "looks host names up over the network"},
    {"asyncio.*EventLoop.getnameinfo", "looks addresses up over the network"},
};
const NameTable k_uses_network{k_uses_network_entries};

std::vector<std::string> references() {
    return patterns_of(k_uses_network);
}
constexpr std::array<RuleTable, 1> k_tables = {{{"References that use the network", references}}};

void on_reference(const analyzer::Reference& reference, analyzer::RuleContext& context) {
    report_matching_reference(reference, context, k_rule, k_uses_network);
    report_library_effect(reference, context, k_rule, k_uses_network, {{"network", "opens network connections"}});
}

// `task.get_loop().subprocess_shell(...)`, a loop passed as a parameter: untraced_method_call.hpp.
void on_call(const analyzer::CallSite& site, analyzer::RuleContext& context) {
    report_untraced_method_call(site, context, k_rule, k_uses_network);
}

constexpr analyzer::RuleHooks k_hooks{.on_reference = on_reference, .on_call = on_call};

}  // namespace

const RuleMetadata k_pg005_network_access{
    .number = k_rule,
    .name = "network-access",
    .default_severity = analyzer::Severity::error,
    .cwe = k_cwe,
    .summary = "Sockets, HTTP clients and servers, mail, RPC and other network access",
    .catches =
        "References to socket, ssl, urllib.request, http.client, http.server, socketserver, requests, "
        "httpx, urllib3, aiohttp, ftplib, smtplib, poplib, imaplib, nntplib, telnetlib, xmlrpc, "
        "websocket(s), grpc, paramiko, webbrowser, asyncio.open_connection and start_server, and event-loop "
        "connection, socket and name-lookup methods. urllib.parse and json are not network access. The "
        "networked profile allows HTTP clients through this rule's allow list; raw sockets and servers stay "
        "denied.",
    .why =
        "Network access lets code send out what it can read (credentials, data) and fetch code or commands "
        "from elsewhere, which no static check of this file can see.",
    .bad_example =
        "import urllib.request\n"
        "urllib.request.urlopen('https://example.com/payload')\n",
    .good_example =
        "from urllib.parse import quote\n"
        "path = quote('a b')\n",
    .instead =
        "Have the pipeline fetch the data and pass it in; use the networked profile for code that must call "
        "a web API.",
    .tables = k_tables,
    .hooks = &k_hooks,
};

}  // namespace pygate::rules
