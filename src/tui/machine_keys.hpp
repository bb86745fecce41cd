// What a terminal key (keys.hpp codes) is on the emulated machines: the PC key a GW-BASIC
// program traps (ON KEY(n), machine/pc_keyboard.hpp), and the bytes a machine's keyboard
// buffer gets for it, which INKEY$, INPUT$ and the c64's GET read on a live keyboard.
//
//   pc_key(kKeyUp) == machine::PcKey{0x48, 0};
//   machine_key_bytes(kKeyUp, Rules::kPc, &keys) == std::string("\0H", 2);
//   machine_key_bytes(kKeyUp, Rules::kC64, nullptr) == "\x91";   // PETSCII cursor up
//   machine_key_bytes(kKeyF1, Rules::kPc, &keys) == "LIST ";     // F1's text (KEY 1)
#pragma once

#include <optional>
#include <string>

#include "machine/pc_keyboard.hpp"
#include "machine/rules.hpp"

namespace amazing::tui {

// The PC key `key` is: the function, cursor and editing keys by their scan codes (Shift
// and Ctrl with the cursor keys), a character as the key that types it; nullopt for the
// rest.
std::optional<machine::PcKey> pc_key(int key);

// The bytes the machine's keyboard buffer gets for `key`; "" for a key the machine has not
// got. pc (GW-BASIC): a character itself, Enter CR, Backspace 8, Esc 27; F1..F10 their
// texts (`fkeys`, KEY n) or, with none, 0 and the scan code, as the cursor and editing keys
// (Up is CHR$(0)+"H"). c64: PETSCII: letters as its capitals, Enter 13, the cursor keys
// 145, 17, 157, 29, Home 19, Ctrl-L 147 (CLR), Backspace and Delete 20 (DEL), Insert 148,
// F1..F8 133..140.
std::string machine_key_bytes(int key, machine::Rules rules, const machine::FunctionKeys* fkeys);

}  // namespace amazing::tui
