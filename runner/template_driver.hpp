#pragma once
// The warm-run template (runner/template_driver.py): the main.py of an
// interpreter that imports a profile's preload modules once and forks one
// child per warm run. Embedded at build time.

#include <string_view>

namespace pygate::runner {

std::string_view template_driver_source();

}  // namespace pygate::runner
