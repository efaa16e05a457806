// SPDX-License-Identifier: MIT
#include "Completions.h"

#include "ToolOptions.h"

#include <sstream>

namespace se::tool {

namespace {

// What an option's value is completed with, from the name its help gives
// the value: a list of words ("may|flow"), file names ("FILE",
// "POLLY.jscop"), or nothing the shell can guess ("N", "NAME=VALUE").
enum class ValueKind { None, Flag, Words, File };

ValueKind kindOf(const OptionInfo &o)
{
    if (o.value.empty())
        return ValueKind::Flag;
    if (o.value.find('|') != std::string::npos)
        return ValueKind::Words;
    if (o.value.find("FILE") != std::string::npos || o.value.find('.') != std::string::npos)
        return ValueKind::File;
    return ValueKind::None;
}

std::string words(const std::string &choices)
{
    std::string out = choices;
    for (char &c : out)
        if (c == '|')
            c = ' ';
    return out;
}

// The command names, space-separated; `help` takes one of them too.
std::string commandList(const std::vector<CommandInfo> &grammar, bool withHelp)
{
    std::string out;
    for (const auto &c : grammar)
        out += (out.empty() ? "" : " ") + c.name;
    return withHelp ? out + " help" : out;
}

// Text inside single quotes of a POSIX shell (bash, zsh).
std::string singleQuoted(const std::string &text)
{
    std::string out = "'";
    for (char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string bash(const std::vector<CommandInfo> &grammar)
{
    std::ostringstream s;
    s << "# bash completion for schedule-tool (written by 'schedule-tool completions bash')\n"
         "_schedule_tool()\n"
         "{\n"
         "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd= i\n"
         "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
         "        [[ ${COMP_WORDS[i]} == -* ]] || { cmd=${COMP_WORDS[i]}; break; }\n"
         "    done\n"
         "    if [[ -z $cmd ]]; then\n"
         "        COMPREPLY=($(compgen -W "
      << singleQuoted(commandList(grammar, true) + " --help --version")
      << " -- \"$cur\"))\n"
         "        return\n"
         "    fi\n"
         "    local opts=\n"
         "    case $cmd in\n"
         "    help)\n"
         "        ((i + 1 == COMP_CWORD)) && COMPREPLY=($(compgen -W "
      << singleQuoted(commandList(grammar, false)) << " -- \"$cur\"))\n"
      << "        return ;;\n";
    for (const auto &c : grammar) {
        std::string opts, files, none;
        s << "    " << c.name << ")\n";
        for (const auto &o : c.options) {
            opts += o.name + " ";
            switch (kindOf(o)) {
            case ValueKind::Words:
                s << "        [[ $prev == " << o.name << " ]] && { COMPREPLY=($(compgen -W "
                  << singleQuoted(words(o.value)) << " -- \"$cur\")); return; }\n";
                break;
            case ValueKind::File: files += (files.empty() ? "" : "|") + o.name; break;
            case ValueKind::None: none += (none.empty() ? "" : "|") + o.name; break;
            case ValueKind::Flag: break;
            }
        }
        if (!files.empty())
            s << "        case $prev in " << files << ") COMPREPLY=($(compgen -f -- \"$cur\")); return ;; esac\n";
        if (!none.empty())
            s << "        case $prev in " << none << ") return ;; esac\n";
        s << "        opts=" << singleQuoted(opts + "--help") << " ;;\n";
    }
    s << "    *) return ;;\n"
         "    esac\n"
         "    if [[ $cur == -* ]]; then\n"
         "        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
         "    else\n"
         "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
         "    fi\n"
         "}\n"
         "complete -o filenames -F _schedule_tool schedule-tool\n";
    return s.str();
}

// An option's help inside _arguments' [...]: brackets and colons escaped.
std::string zshHelp(const std::string &text)
{
    std::string out;
    for (char c : text) {
        if (c == '[' || c == ']' || c == ':' || c == '\\')
            out += '\\';
        out += c;
    }
    return out;
}

std::string zsh(const std::vector<CommandInfo> &grammar)
{
    std::ostringstream s;
    s << "#compdef schedule-tool\n"
         "# zsh completion for schedule-tool (written by 'schedule-tool completions zsh')\n"
         "_schedule-tool() {\n"
         "    local curcontext=$curcontext state line\n"
         "    local -a commands\n"
         "    commands=(\n";
    for (const auto &c : grammar)
        s << "        " << singleQuoted(c.name + ":" + zshHelp(c.summary)) << "\n";
    s << "        'help:the options of a command'\n"
         "    )\n"
         "    _arguments -C '(- *)'{-h,--help}'[the commands]' '(- *)--version[the version]' \\\n"
         "        '1: :->command' '*:: :->args'\n"
         "    case $state in\n"
         "    command) _describe -t commands 'schedule-tool command' commands ;;\n"
         "    args)\n"
         "        case $line[1] in\n"
         "        help) _arguments '1:command:("
      << commandList(grammar, false) << ")' ;;\n";
    for (const auto &c : grammar) {
        s << "        " << c.name << ")\n"
          << "            _arguments '1:kernel:_files' '(- *)'{-h,--help}'[this command'\\''s options]'";
        for (const auto &o : c.options) {
            std::string spec = (o.repeatable ? "*" : "") + o.name + "[" + zshHelp(o.help) + "]";
            switch (kindOf(o)) {
            case ValueKind::Words: spec += ":" + zshHelp(o.value) + ":(" + words(o.value) + ")"; break;
            case ValueKind::File: spec += ":" + zshHelp(o.value) + ":_files"; break;
            case ValueKind::None: spec += ":" + zshHelp(o.value) + ": "; break;
            case ValueKind::Flag: break;
            }
            s << " \\\n                " << singleQuoted(spec);
        }
        s << " ;;\n";
    }
    s << "        esac ;;\n"
         "    esac\n"
         "}\n"
         "_schedule-tool \"$@\"\n";
    return s.str();
}

std::string fishQuoted(const std::string &text)
{
    std::string out = "'";
    for (char c : text) {
        if (c == '\'' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "'";
}

std::string fish(const std::vector<CommandInfo> &grammar)
{
    const std::string all = commandList(grammar, true);
    std::ostringstream s;
    s << "# fish completion for schedule-tool (written by 'schedule-tool completions fish')\n"
         "complete -c schedule-tool -f\n"
         "set -l first 'not __fish_seen_subcommand_from "
      << all
      << "'\n"
         "complete -c schedule-tool -n $first -s h -l help -d 'the commands'\n"
         "complete -c schedule-tool -n $first -l version -d 'the version'\n";
    for (const auto &c : grammar)
        s << "complete -c schedule-tool -n $first -a " << c.name << " -d " << fishQuoted(c.summary) << "\n";
    s << "complete -c schedule-tool -n $first -a help -d 'the options of a command'\n"
         "complete -c schedule-tool -n '__fish_seen_subcommand_from help' -a "
      << fishQuoted(commandList(grammar, false)) << "\n";
    for (const auto &c : grammar) {
        const std::string when = "'__fish_seen_subcommand_from " + c.name + "'";
        s << "complete -c schedule-tool -n " << when << " -F\n"
          << "complete -c schedule-tool -n " << when << " -s h -l help -d " << fishQuoted("this command's options")
          << "\n";
        for (const auto &o : c.options) {
            s << "complete -c schedule-tool -n " << when << " -l " << o.name.substr(2);
            switch (kindOf(o)) {
            case ValueKind::Words: s << " -x -a " << fishQuoted(words(o.value)); break;
            case ValueKind::File: s << " -r -F"; break;
            case ValueKind::None: s << " -x"; break;
            case ValueKind::Flag: break;
            }
            s << " -d " << fishQuoted(o.help) << "\n";
        }
    }
    return s.str();
}

} // namespace

std::vector<std::string> Completions::shells()
{
    return {"bash", "zsh", "fish"};
}

std::optional<std::string> Completions::script(const std::string &shell)
{
    const auto grammar = ToolOptions::grammar();
    if (shell == "bash")
        return bash(grammar);
    if (shell == "zsh")
        return zsh(grammar);
    if (shell == "fish")
        return fish(grammar);
    return std::nullopt;
}

} // namespace se::tool
